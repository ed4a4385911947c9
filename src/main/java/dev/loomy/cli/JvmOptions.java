package dev.loomy.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/** The JVMs and JVM option sets compared, rows per each, and what the storage wait holds. */
public final class JvmOptions {

    @Option(names = "--jvm", paramLabel = "PATH", split = ",",
            description = "a Java home or java executable, 21 or newer; a comma list measures every row on each, "
                    + "in a child JVM each (default: the JVM loomy runs on)")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--jvm-options", paramLabel = "'OPTS[;OPTS...]'",
            description = "JVM option sets separated by ';', each replacing loomy's options of the same name "
                    + "(a collector another); 'default' is loomy's own; rows per set, in a child JVM each")
    String optionSets;

    @Option(names = "--io-lock", paramLabel = "LOCK",
            description = "none, monitor or reentrant: what each image's --io-latency wait holds, its own monitor "
                    + "(synchronized, as legacy code) or ReentrantLock (default: ${DEFAULT-VALUE})")
    String ioLock = "none";
}
