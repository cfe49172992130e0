package org.estuary.itest;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace of the test's own ({@code ip netns}), whose loopback interface carries multicast (route
 * 224.0.0.0/4 on lo), so that processes started in it by {@link #command()} multicast to each other and to nothing
 * else. Deleted on {@link #close()}. Needs root and iproute2.
 */
final class NetworkNamespace implements AutoCloseable {

    private final String name;

    private NetworkNamespace(String name) {
        this.name = name;
    }

    static NetworkNamespace create(String prefix) throws IOException, InterruptedException {
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
    List<String> command() {
        return List.of("ip", "netns", "exec", name);
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("ip"));
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
