package org.estuary.discovery.net;

import java.io.IOException;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace of the test's own ({@code ip netns}), whose loopback interface carries multicast (route
 * 224.0.0.0/4 on lo), so that processes started in it by {@link #command()} multicast to each other and to nothing
 * else; deleted on {@link #close()}. Needs root and iproute2. The discovery tests run their multicast classes in a
 * child JVM in one ({@code InNamespace}); the integration tests run River's Reggie and a discovering program in
 * one.
 */
public final class NetworkNamespace implements AutoCloseable {

    private final String name;

    private NetworkNamespace(String name) {
        this.name = name;
    }

    /**
     * Creates a namespace named after {@code prefix}, this process and the time, with multicast on its loopback.
     *
     * @throws IOException if {@code ip} fails (it names what is missing)
     */
    public static NetworkNamespace create(String prefix) throws IOException, InterruptedException {
        NetworkNamespace ns = new NetworkNamespace(prefix + "-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime() & 0xFFFFFF));
        ip("netns", "add", ns.name);
        try {
            ip("-n", ns.name, "link", "set", "lo", "up");
            ip("-n", ns.name, "link", "set", "lo", "multicast", "on");
            ip("-n", ns.name, "route", "add", "224.0.0.0/4", "dev", "lo");
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
        return ns;
    }

    /** @return the words that run a command in the namespace, to put before it */
    public List<String> command() {
        return List.of("ip", "netns", "exec", name);
    }

    /**
     * The settings multicast tests use inside a namespace: the published defaults on its loopback interface, time to
     * live 1, unicast bounded by 10 s.
     */
    public static DiscoverySettings settings() throws IOException {
        DiscoverySettings d = DiscoverySettings.defaults();
        return new DiscoverySettings(NetworkInterface.getByName("lo"), 1, d.requestAddress(),
                d.announcementAddress(), d.multicastPort(), d.requestCount(), d.requestIntervalMillis(),
                d.announcementIntervalMillis(), d.missedAnnouncements(), 10_000, d.maxPacketSize());
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (root and iproute2 are needed): " + output);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            ip("netns", "delete", name);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
