package org.estuary.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

import jdk.jfr.Recording;

import org.junit.jupiter.api.Test;

/**
 * The call timeout: a {@link DeadlineSocket} bounds each read like SO_TIMEOUT does (the reader gets a
 * {@link SocketTimeoutException}, the connection is closed) while the socket itself stays blocking.
 */
class DeadlineSocketTest {

    /** Bounds the test if the deadline never came (the reads below would otherwise wait forever). */
    private static final Duration GUARD = Duration.ofSeconds(30);

    @Test
    void readFromASilentPeerEndsWithASocketTimeout() throws Exception {
        try (ServerSocket server = listen(); DeadlineSocket socket = new DeadlineSocket(0)) {
            socket.connect(server.getLocalSocketAddress());
            try (Socket silent = server.accept()) {
                socket.setSoTimeout(200);
                InputStream in = socket.getInputStream();
                assertTimeoutPreemptively(GUARD, () -> assertThrows(SocketTimeoutException.class, in::read));
                assertTrue(socket.isClosed(), "a timed-out connection is closed, as RMI expects of a dead one");
            }
        }
    }

    @Test
    void bytesThatArriveAreReadAndTheNextWaitIsStillBounded() throws Exception {
        try (ServerSocket server = listen(); DeadlineSocket socket = new DeadlineSocket(0)) {
            socket.connect(server.getLocalSocketAddress());
            try (Socket peer = server.accept()) {
                socket.setSoTimeout(200);
                OutputStream out = peer.getOutputStream();
                out.write(new byte[] {7, 8});
                out.flush();
                InputStream in = socket.getInputStream();
                byte[] two = new byte[2];
                assertTimeoutPreemptively(GUARD, () -> {
                    assertEquals(7, in.read());
                    assertEquals(1, in.read(two, 0, 2));
                    assertEquals(8, two[0]);
                    assertThrows(SocketTimeoutException.class, () -> in.read(two, 0, 2));
                });
            }
        }
    }

    @Test
    void aCappedSocketReplacesForeverAndLongerTimeoutsWithItsCap() throws Exception {
        try (DeadlineSocket capped = new DeadlineSocket(300)) {
            capped.setSoTimeout(0); // RMI's "wait forever" on an accepted connection
            assertEquals(300, capped.getSoTimeout());
            capped.setSoTimeout(7_200_000); // RMI's two-hour read timeout
            assertEquals(300, capped.getSoTimeout());
            capped.setSoTimeout(100);
            assertEquals(100, capped.getSoTimeout());
        }
        try (DeadlineSocket uncapped = new DeadlineSocket(0)) {
            uncapped.setSoTimeout(0);
            assertEquals(0, uncapped.getSoTimeout());
            uncapped.setSoTimeout(60_000);
            assertEquals(60_000, uncapped.getSoTimeout());
        }
    }

    @Test
    void anAnonymousSocketIsReadAndWrittenWhileTheFlightRecorderRecordsSocketEvents() throws Exception {
        // The registry's connections are anonymous; the flight recorder names the peer of each read and write it
        // records (threshold 0: every one), which failed the read itself when the socket named no address.
        try (Recording recording = new Recording(); ServerSocket server = listen();
                DeadlineSocket socket = new DeadlineSocket(0)) {
            recording.enable("jdk.SocketRead").withThreshold(Duration.ZERO);
            recording.enable("jdk.SocketWrite").withThreshold(Duration.ZERO);
            recording.start();
            socket.connect(server.getLocalSocketAddress());
            socket.anonymous();
            try (Socket peer = server.accept()) {
                peer.getOutputStream().write(7);
                socket.getOutputStream().write(8);
                assertTimeoutPreemptively(GUARD, () -> {
                    assertEquals(7, socket.getInputStream().read());
                    assertEquals(8, peer.getInputStream().read());
                });
            }
            assertTrue(socket.getInetAddress().isAnyLocalAddress(),
                    "an anonymous socket names no host's address, so RMI's registry takes its peer for a remote one");
            assertEquals(server.getInetAddress(), socket.peer());
        }
    }

    private static ServerSocket listen() throws Exception {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return server;
    }
}
