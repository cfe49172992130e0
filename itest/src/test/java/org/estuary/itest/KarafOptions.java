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

    static Option[] distribution() {
        String localRepository = System.getProperty("maven.repo.local",
                System.getProperty("user.home") + "/.m2/repository");
        return new Option[] {
            karafDistributionConfiguration()
                    .frameworkUrl(maven("org.estuary", "estuary-karaf").type("tar.gz").versionAsInProject())
                    .unpackDirectory(new File("target/exam"))
                    .useDeployFolder(false)
                    .name("Estuary"),
            configureConsole().ignoreLocalConsole().ignoreRemoteShell(),
            logLevel(LogLevel.WARN),
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

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
