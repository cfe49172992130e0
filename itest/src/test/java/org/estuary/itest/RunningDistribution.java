package org.estuary.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The distribution started as an operator starts it: the tar.gz unpacked, {@code bin/karaf server} run with
 * {@code ESTUARY_ADMIN_PASSWORD}, on free loopback ports so a running Estuary on the defaults does not interfere.
 */
final class RunningDistribution implements AutoCloseable {

    final Path home;
    final String password;
    final int httpPort;
    final int registryPort;
    final Process karaf;

    private RunningDistribution(Path home, String password, int httpPort, int registryPort, Process karaf) {
        this.home = home;
        this.password = password;
        this.httpPort = httpPort;
        this.registryPort = registryPort;
        this.karaf = karaf;
    }

    static RunningDistribution start(String password) throws IOException, InterruptedException {
        Path work = Path.of(System.getProperty("estuary.work", "target/work"), "run-" + System.nanoTime());
        Processes.untar(Path.of(System.getProperty("estuary.distribution")), work);
        Path home;
        try (var entries = Files.list(work)) {
            home = entries.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        int httpPort = KarafOptions.freePort();
        int registryPort = KarafOptions.freePort();
        Processes.setProperty(home.resolve("etc/org.ops4j.pax.web.cfg"), "org.osgi.service.http.port",
                Integer.toString(httpPort));
        Processes.setProperty(home.resolve("etc/org.apache.karaf.shell.cfg"), "sshPort",
                Integer.toString(KarafOptions.freePort()));
        Processes.setProperty(home.resolve("etc/org.apache.karaf.management.cfg"), "rmiRegistryPort",
                Integer.toString(KarafOptions.freePort()));
        Processes.setProperty(home.resolve("etc/org.apache.karaf.management.cfg"), "rmiServerPort",
                Integer.toString(KarafOptions.freePort()));
        Path remote = home.resolve("etc/org.estuary.remote.cfg");
        if (!Files.exists(remote)) {
            Files.writeString(remote, "");
        }
        Processes.setProperty(remote, "registry.port", Integer.toString(registryPort));
        ProcessBuilder builder = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("console.log").toFile());
        builder.environment().put("ESTUARY_ADMIN_PASSWORD", password);
        return new RunningDistribution(home, password, httpPort, registryPort, builder.start());
    }

    /** Waits (bounded) for {@code condition}; on time-out, fails with the condition's name and the Karaf log. */
    void await(String what, Duration limit, java.util.function.BooleanSupplier condition) throws InterruptedException {
        if (!Processes.await(limit, condition)) {
            throw new AssertionError(what + " did not happen within " + limit + "; Karaf log:\n" + log());
        }
    }

    String log() {
        try {
            Path log = home.resolve("data/log/karaf.log");
            String text = Files.exists(log) ? Files.readString(log) : Files.readString(home.resolve("console.log"));
            return text.length() > 20_000 ? text.substring(text.length() - 20_000) : text;
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws InterruptedException {
        Processes.stop(karaf);
    }
}
