package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.estuary.remote.fixture.BlockingClientMain;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.Forked;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Half-open connections and clients that vanish mid-call do not hold the container. */
class RobustnessTest {

    /** How long the test waits for the server to drop a connection: far beyond the server's 300 ms bound. */
    private static final int PATIENCE_MS = 30_000;

    private final UUID serviceId = UUID.randomUUID();
    private RmiExporter server;

    @BeforeEach
    void start() throws Exception {
        server = RmiExporter.start(RemoteSettings.builder().registryPort(0).readTimeoutMs(300).build());
        server.export(serviceId, Echo.class, new EchoBackend("r"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Echo stub() throws Exception {
        return (Echo) Registries.lookup("127.0.0.1", server.registryPort(), new ClientSockets(null, 5_000, 10_000,
                false), Exporter.BACKEND_PREFIX + serviceId);
    }

    @Test
    void connectionThatNeverSendsIsDroppedWithinTheReadTimeout() throws Exception {
        try (Socket silent = connect()) {
            assertClosedByServer(silent); // without the bound RMI would wait two hours
        }
        assertEquals("r", stub().generation());
    }

    @Test
    void connectionThatStopsMidRequestIsDropped() throws Exception {
        try (Socket stalled = connect()) {
            DataOutputStream out = new DataOutputStream(stalled.getOutputStream());
            DataInputStream in = new DataInputStream(stalled.getInputStream());
            out.writeInt(0x4a524d49); // JRMI header, version 2, stream protocol
            out.writeShort(2);
            out.writeByte(0x4b);
            out.flush();
            assertEquals(0x4e, in.readUnsignedByte()); // ProtocolAck, then the endpoint the server sees
            in.readUTF();
            in.readInt();
            out.writeUTF("127.0.0.1");
            out.writeInt(0);
            out.writeByte(0x50); // a Call, and the first bytes of its stream; then nothing more
            out.writeShort(0xaced);
            out.flush();
            assertClosedByServer(stalled);
        }
        assertEquals("r", stub().generation());
    }

    @Test
    void clientKilledMidCallLeavesTheServerServing() throws Exception {
        EchoBackend.blocked = new CountDownLatch(1);
        EchoBackend.release = new CountDownLatch(1);
        try (Forked client = Forked.start(BlockingClientMain.class, Integer.toString(server.registryPort()),
                serviceId.toString())) {
            client.await("CALLING", 120);
            assertTrue(EchoBackend.blocked.await(30, TimeUnit.SECONDS), "the call did not arrive");
            client.close(); // kill -9 while the server runs its call
        }
        EchoBackend.release.countDown(); // the call ends and answers a dead peer
        assertEquals("r", stub().generation());
        try (Forked next = Forked.start(BlockingClientMain.class, Integer.toString(server.registryPort()),
                serviceId.toString())) {
            assertEquals("RESULT released", next.await("RESULT", 120));
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.registryPort()), 5_000);
        socket.setSoTimeout(PATIENCE_MS);
        return socket;
    }

    /** The server closes the connection: end of stream or a reset, not our own read timeout. */
    private static void assertClosedByServer(Socket socket) throws IOException {
        try {
            while (socket.getInputStream().read() >= 0) {
                // whatever the server still sent before closing
            }
        } catch (SocketTimeoutException stillOpen) {
            fail("the server kept a silent connection open for " + PATIENCE_MS + " ms");
        } catch (SocketException reset) {
            // closed by the server with unread data: also dropped
        }
    }
}
