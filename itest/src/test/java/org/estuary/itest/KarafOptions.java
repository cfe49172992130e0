package org.estuary.itest;

import static org.ops4j.pax.exam.CoreOptions.maven;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.karafDistributionConfiguration;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.logLevel;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.karaf.options.LogLevelOption.LogLevel;

/** Pax Exam options that boot Estuary's own Karaf distribution (karaf-assembly/), as users get it. */
final class KarafOptions {

    private KarafOptions() {
    }

    /** Where each container's Karaf log goes, so that it outlives the container (.ci/run shows it on failure). */
    static final File LOGS = new File("target/karaf-logs");

    /** The options for a container that runs {@code test}'s tests; its Karaf log is named after it. */
    static Option[] distribution(Class<?> test) {
        String localRepository = System.getProperty("maven.repo.local",
                System.getProperty("user.home") + "/.m2/repository");
        File log = logFile(test);
        return new Option[] {
            karafDistributionConfiguration()
                    .frameworkUrl(maven("org.estuary", "estuary-karaf").type("tar.gz").versionAsInProject())
                    .unpackDirectory(new File("target/exam"))
                    .useDeployFolder(false)
                    .name("Estuary"),
            configureConsole().ignoreLocalConsole().ignoreRemoteShell(),
            logLevel(LogLevel.WARN),
            // Pax Exam deletes the container's folder, data/log/karaf.log with it (which some tests read): a second
            // file appender copies the log where it stays.
            logTo("type", "File"),
            logTo("name", "Kept"),
            logTo("fileName", log.getAbsolutePath()),
            logTo("layout.type", "PatternLayout"),
            logTo("layout.pattern", "${log4j2.pattern}"),
            editConfigurationFilePut(LOGGING, "log4j2.rootLogger.appenderRef.Kept.ref", "Kept"),
            // The distribution is offline; Pax Exam's own probe feature comes from the build's local repository.
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg",
                    "org.ops4j.pax.url.mvn.localRepository", localRepository),
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg",
                    "org.ops4j.pax.url.mvn.defaultRepositories", "file:" + localRepository + "@id=local@snapshots"),
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg", "org.ops4j.pax.url.mvn.repositories", ""),
            // Free loopback ports, so a running Estuary on the default ports does not break the tests.
            editConfigurationFilePut("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port",
                    Integer.toString(freePort())),
            editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshPort", Integer.toString(freePort())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryPort",
                    Integer.toString(freePort())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerPort",
                    Integer.toString(freePort())),
        };
    }

    private static final String LOGGING = "etc/org.ops4j.pax.logging.cfg";

    private static Option logTo(String key, String value) {
        return editConfigurationFilePut(LOGGING, "log4j2.appender.kept." + key, value);
    }

    /** Where the Karaf log of a container for {@code test} goes: the class and when it started. */
    private static File logFile(Class<?> test) {
        if (!LOGS.isDirectory() && !LOGS.mkdirs()) {
            throw new UncheckedIOException(new IOException("cannot create " + LOGS.getAbsolutePath()));
        }
        String at = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern(
                "yyyyMMdd-HHmmss-SSS"));
        return new File(LOGS, test.getSimpleName() + "-" + at + ".log");
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
