package dev.loomy.cli;

import dev.loomy.results.Provenance;
import picocli.CommandLine;

/** The version Maven wrote into the jar, with the JVM it runs on. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "loomy " + Provenance.loomyVersion(),
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
        };
    }
}
