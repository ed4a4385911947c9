package dev.loomy.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine;

/** The version Maven wrote into the jar, with the JVM it runs on. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/loomy/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        }
        return new String[] {
            "loomy " + properties.getProperty("version", "unknown"),
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
        };
    }
}
