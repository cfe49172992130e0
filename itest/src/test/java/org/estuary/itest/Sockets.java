package org.estuary.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets a process listens on, read from Linux /proc: the socket inodes among the process's file
 * descriptors, matched against the LISTEN rows of /proc/PID/net/tcp and tcp6.
 */
final class Sockets {

    private static final String LISTEN = "0A";

    private Sockets() {
    }

    /** Local addresses ("127.0.0.1:8181", "[::]:8101") of the TCP sockets that process {@code pid} listens on. */
    static List<String> listening(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed while we listed them
                }
            }
        }
        List<String> result = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            for (String line : Files.readAllLines(file)) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && LISTEN.equals(f[3]) && inodes.contains(f[9])) {
                    result.add(decode(f[1]));
                }
            }
        }
        return result;
    }

    /** True for 127.0.0.0/8, ::1 and ::ffff:127.x.x.x in the "[addr]:port" form {@link #decode} returns. */
    static boolean isLoopback(String address) {
        String host = address.substring(0, address.lastIndexOf(':'));
        return host.startsWith("127.") || host.equals("[::1]") || host.startsWith("[::ffff:127.");
    }

    /** Decodes the kernel's hex "ADDR:PORT" (little-endian 32-bit words) into a readable address. */
    static String decode(String hex) {
        String[] parts = hex.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String a = parts[0];
        if (a.length() == 8) {
            return ipv4(a, 0) + ":" + port;
        }
        byte[] bytes = new byte[16];
        for (int word = 0; word < 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = word * 8 + (3 - i) * 2;
                bytes[word * 4 + i] = (byte) Integer.parseInt(a.substring(at, at + 2), 16);
            }
        }
        boolean mapped = true;
        for (int i = 0; i < 10; i++) {
            mapped &= bytes[i] == 0;
        }
        mapped &= bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
        if (mapped) {
            return "[::ffff:" + (bytes[12] & 0xff) + "." + (bytes[13] & 0xff) + "." + (bytes[14] & 0xff) + "."
                    + (bytes[15] & 0xff) + "]:" + port;
        }
        try {
            String text = java.net.InetAddress.getByAddress(bytes).getHostAddress();
            return "[" + (text.equals("0:0:0:0:0:0:0:0") ? "::" : text.equals("0:0:0:0:0:0:0:1") ? "::1" : text)
                    + "]:" + port;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String ipv4(String hex, int from) {
        StringBuilder sb = new StringBuilder();
        for (int i = 3; i >= 0; i--) {
            sb.append(Integer.parseInt(hex.substring(from + i * 2, from + i * 2 + 2), 16));
            if (i > 0) {
                sb.append('.');
            }
        }
        return sb.toString();
    }
}
