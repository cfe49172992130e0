package org.estuary.store.api.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports for servers a test starts in another process (a server JVM, Karaf, PostgreSQL) and names before
 * they start. A port is chosen below the kernel's ephemeral range, so no {@code bind(0)} of anyone (Karaf's shutdown
 * socket, an RMI export, an outgoing connection) can take it between the choice and the server's bind; above Pax
 * Exam's own range (21000-21099); free when chosen; and handed out once by this JVM.
 */
public final class LoopbackPorts {

    private static final int FIRST = 22_000;
    private static final int EPHEMERAL_DEFAULT = 32_768;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {
    }

    /**
     * A port nothing listens on now on the loopback address.
     *
     * @throws IllegalStateException if a thousand tries found none
     */
    public static int free() {
        int below = ephemeralLow();
        for (int attempt = 0; attempt < 1_000; attempt++) {
            int port = FIRST + ThreadLocalRandom.current().nextInt(below - FIRST);
            if (HANDED_OUT.add(port) && bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port in " + FIRST + "-" + (below - 1));
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** The first port of the kernel's ephemeral range ({@code ip_local_port_range}), 32768 where it is not known. */
    private static int ephemeralLow() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            int low = Integer.parseInt(range.split("\\s+")[0]);
            return low > FIRST + 1_000 ? low : EPHEMERAL_DEFAULT;
        } catch (IOException | RuntimeException unknown) {
            return EPHEMERAL_DEFAULT;
        }
    }
}
