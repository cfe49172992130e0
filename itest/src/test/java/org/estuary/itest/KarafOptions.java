package org.estuary.itest;

import static org.ops4j.pax.exam.CoreOptions.maven;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.features;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.karafDistributionConfiguration;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.logLevel;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.OptionUtils;
import org.ops4j.pax.exam.options.MavenArtifactUrlReference;
import org.ops4j.pax.exam.karaf.options.LogLevelOption.LogLevel;

import org.estuary.store.api.testing.LoopbackPorts;

/**
 * Pax Exam options that boot Estuary's own Karaf distribution (karaf-assembly/), as users get it, or a stock Apache
 * Karaf with the {@code estuary} feature installed.
 */
final class KarafOptions {

    private KarafOptions() {
    }

    /** Where each container's Karaf log goes, so that it outlives the container (.ci/run shows it on failure). */
    static final File LOGS = new File("target/karaf-logs");

    /** The options for a container that runs {@code test}'s tests; its Karaf log is named after it. */
    static Option[] distribution(Class<?> test) {
        return OptionUtils.combine(common(test),
                karaf(maven("org.estuary", "estuary-karaf"), "Estuary"),
                // The distribution is offline; Pax Exam's own probe feature comes from the build's local repository.
                editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg", "org.ops4j.pax.url.mvn.defaultRepositories",
                        "file:" + localRepository() + "@id=local@snapshots"));
    }

    /**
     * The options for a stock Apache Karaf (the {@code apache-karaf} tar.gz, not Estuary's distribution) into which
     * the {@code estuary} feature is installed from Estuary's features repository, as the README's "In your own
     * Karaf" says: the artifacts come from the build's local repository, and SSH and JMX bind 127.0.0.1.
     */
    static Option[] stockKaraf(Class<?> test) {
        return OptionUtils.combine(common(test),
                karaf(maven("org.apache.karaf", "apache-karaf"), "Apache Karaf"),
                editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshHost", "127.0.0.1"),
                editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryHost", "127.0.0.1"),
                editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerHost", "127.0.0.1"),
                features(maven("org.estuary", "estuary-features").classifier("features").type("xml")
                        .versionAsInProject(), "estuary"));
    }

    /** The Karaf tar.gz {@code artifact} at the version the itest pom names, unpacked under target/exam. */
    private static Option karaf(MavenArtifactUrlReference artifact, String name) {
        return karafDistributionConfiguration().frameworkUrl(artifact.type("tar.gz").versionAsInProject())
                .unpackDirectory(new File("target/exam")).useDeployFolder(false).name(name);
    }

    /** What every container gets: a kept log, the build's local repository only, free loopback ports. */
    private static Option[] common(Class<?> test) {
        String localRepository = localRepository();
        File log = logFile(test);
        return new Option[] {
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
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg",
                    "org.ops4j.pax.url.mvn.localRepository", localRepository),
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg", "org.ops4j.pax.url.mvn.repositories", ""),
            // Free loopback ports, so a running Estuary on the default ports does not break the tests.
            editConfigurationFilePut("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port",
                    Integer.toString(LoopbackPorts.free())),
            editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshPort",
                    Integer.toString(LoopbackPorts.free())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryPort",
                    Integer.toString(LoopbackPorts.free())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerPort",
                    Integer.toString(LoopbackPorts.free())),
        };
    }

    private static String localRepository() {
        return System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository");
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
}
