package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.estuary.io.testing.LogCapture;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.Jrmp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Connections beyond the caps, and requests that arrive a byte at a time, do not take the container from other
 * clients. The attacker connects from 127.0.0.2 (loopback too, another peer address), the legitimate client from
 * 127.0.0.1.
 */
class ConnectionLimitsTest {

    /** How long the test waits for the server to act: far beyond the bounds configured below. */
    private static final int PATIENCE_MS = 30_000;
    private static final InetAddress ATTACKER = address("127.0.0.2");

    private final UUID serviceId = UUID.randomUUID();
    private final List<Socket> held = new ArrayList<>();
    private RmiExporter server;

    private void start(RemoteSettings.Builder settings) throws Exception {
        server = RmiExporter.start(settings.registryPort(0).build());
        server.export(serviceId, Echo.class, new EchoBackend("c"));
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket socket : held) {
            socket.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private Echo stub() throws Exception {
        return (Echo) Registries.lookup("127.0.0.1", server.registryPort(), new ClientSockets(null, 5_000, 10_000,
                false), Exporter.BACKEND_PREFIX + serviceId);
    }

    @Test
    void connectionsBeyondThePerHostCapAreClosedAndLoggedWhileOtherPeersAreServed() throws Exception {
        start(RemoteSettings.builder().maxConnectionsPerHost(4));
        try (LogCapture log = LogCapture.warnings("org.estuary.remote")) {
            for (int i = 0; i < 4; i++) {
                held.add(Jrmp.handshake(connect(ATTACKER))); // each holds a server thread
            }
            Socket fifth = connect(ATTACKER);
            held.add(fifth);
            assertClosedByServer(fifth);
            assertEquals("c", stub().generation()); // another peer address is served meanwhile
            assertTrue(log.messages().stream().anyMatch(l -> l.contains("refused a connection from 127.0.0.2")
                    && l.contains("max.connections.per.host=4")), log.messages().toString());
        }
        for (Socket socket : held) {
            socket.close();
        }
        // the slots are given back: the attacker's address is served again
        assertTrue(eventuallyAccepted(ATTACKER), "the attacker's closed connections were not released");
    }

    @Test
    void connectionsBeyondTheTotalCapAreClosed() throws Exception {
        start(RemoteSettings.builder().maxConnections(3));
        for (int i = 0; i < 3; i++) {
            held.add(Jrmp.handshake(connect(ATTACKER)));
        }
        Socket fourth = connect(InetAddress.getLoopbackAddress());
        held.add(fourth);
        assertClosedByServer(fourth);
    }

    @Test
    void aRequestSentAByteAtATimeIsCutAtTheRequestDeadline() throws Exception {
        // Each byte comes well within the read timeout; the whole request does not come within its deadline.
        start(RemoteSettings.builder().readTimeoutMs(5_000).requestTimeoutMs(500));
        Socket drip = Jrmp.handshake(connect(ATTACKER));
        held.add(drip);
        drip.setSoTimeout(100); // the pace of the drip
        InputStream in = drip.getInputStream();
        // A Call: the stream header and a block of 255 bytes, the call's target and method, sent a byte per 100 ms.
        byte[] request = new byte[8 + 255];
        System.arraycopy(new byte[] {0x50, (byte) 0xac, (byte) 0xed, 0x00, 0x05, 0x77, (byte) 0xff}, 0, request, 0, 7);
        for (int sent = 0; sent < request.length; sent++) {
            drip.getOutputStream().write(request[sent]);
            drip.getOutputStream().flush();
            try {
                int answer = in.read();
                if (answer < 0) {
                    assertEquals("c", stub().generation());
                    return; // closed by the server
                }
                fail("the server answered a request still arriving: " + answer);
            } catch (SocketTimeoutException stillOpen) {
                // the next byte
            } catch (SocketException reset) {
                assertEquals("c", stub().generation());
                return; // closed by the server
            }
        }
        fail("a request dripping a byte per 100 ms was kept open for all its " + request.length + " bytes");
    }

    private Socket connect(InetAddress from) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", server.registryPort()), 5_000);
        socket.setSoTimeout(PATIENCE_MS);
        return socket;
    }

    /** Within the patience, a connection from {@code from} completes the handshake (bounded retries). */
    private boolean eventuallyAccepted(InetAddress from) throws IOException {
        long deadline = System.nanoTime() + PATIENCE_MS * 1_000_000L;
        while (System.nanoTime() < deadline) {
            Socket socket = connect(from);
            held.add(socket);
            try {
                Jrmp.handshake(socket);
                return true;
            } catch (IOException refused) {
                socket.close(); // the release may still be on its way: try again
            }
        }
        return false;
    }

    /** The server closes the connection: end of stream or a reset, not our own read timeout. */
    private static void assertClosedByServer(Socket socket) throws IOException {
        try {
            while (socket.getInputStream().read() >= 0) {
                // whatever the server still sent before closing
            }
        } catch (SocketTimeoutException stillOpen) {
            fail("the server kept a connection beyond its cap open for " + PATIENCE_MS + " ms");
        } catch (SocketException reset) {
            // closed by the server: also refused
        }
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
