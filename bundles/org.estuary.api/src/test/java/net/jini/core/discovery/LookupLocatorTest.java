package net.jini.core.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.rmi.MarshalledObject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.SocketFactory;

import net.jini.core.lookup.SerialTestSupport;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

// LD.1.2, LD.3.1, LD.4.1.1: LookupLocator as referenced by LD (published Jini 2.x API: jini:// URLs, default port
// 4160, unicast discovery protocol version 1).
class LookupLocatorTest {

    @Test
    void urlWithPort() throws Exception {
        LookupLocator l = new LookupLocator("jini://example.org:4162/");
        assertEquals("example.org", l.getHost());
        assertEquals(4162, l.getPort());
    }

    @Test
    void urlDefaultsToPort4160WithOrWithoutSlash() throws Exception {
        assertEquals(4160, new LookupLocator("jini://example.org/").getPort());
        assertEquals(4160, new LookupLocator("jini://example.org").getPort());
        assertEquals(4160, new LookupLocator("jini://example.org:/").getPort());
        assertEquals("example.org", new LookupLocator("JINI://example.org").getHost());
    }

    @Test
    void urlPortBounds() throws Exception {
        assertEquals(1, new LookupLocator("jini://h:1/").getPort());
        assertEquals(65535, new LookupLocator("jini://h:65535/").getPort());
    }

    @Test
    void urlWithIPv6Literal() throws Exception {
        LookupLocator l = new LookupLocator("jini://[::1]:99/");
        assertEquals("[::1]", l.getHost());
        assertEquals(99, l.getPort());
        assertEquals("jini://[::1]:99/", l.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://h/", "h", "jini:h", "jini:/h/", "jini://", "jini:///", "jini://h:0/",
        "jini://h:65536/", "jini://h:-1/", "jini://h:99999999999/", "jini://h:abc/", "jini://h:1:2/", "jini://h/x",
        "jini://h//", "jini://h/?q", "jini://h?q", "jini://h/#f", "jini://u@h/", "jini://a b/", "jini://[::1/",
        "jini://[xyz]/", "jini://[::1]x/"})
    void malformedUrlsAreRejected(String url) {
        assertThrows(MalformedURLException.class, () -> new LookupLocator(url));
    }

    @Test
    void nullUrlIsRejected() {
        assertThrows(NullPointerException.class, () -> new LookupLocator((String) null));
    }

    @Test
    void hostPortConstructor() {
        LookupLocator l = new LookupLocator("Example.org", 2000);
        assertEquals("Example.org", l.getHost());
        assertEquals(2000, l.getPort());
        assertEquals(65535, new LookupLocator("h", 65535).getPort());
        assertEquals("::1", new LookupLocator("::1", 4160).getHost());
    }

    @Test
    void hostPortConstructorChecks() {
        assertThrows(NullPointerException.class, () -> new LookupLocator(null, 4160));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("h", 0));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("h", -1));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("h", 65536));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("", 4160));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("a b", 4160));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("h/x", 4160));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("u@h", 4160));
    }

    @Test
    void toStringIsAJiniUrlThatParsesBack() throws Exception {
        assertEquals("jini://h:2000/", new LookupLocator("h", 2000).toString());
        assertEquals("jini://h/", new LookupLocator("h", 4160).toString());
        assertEquals("jini://[::1]/", new LookupLocator("::1", 4160).toString());
        for (LookupLocator l : new LookupLocator[] {new LookupLocator("h", 2000), new LookupLocator("h", 4160),
            new LookupLocator("::1", 7), new LookupLocator("jini://10.0.0.1:5/")}) {
            assertEquals(l, new LookupLocator(l.toString()));
        }
    }

    @Test
    void equalityIgnoresHostCaseButNotPort() throws Exception {
        LookupLocator a = new LookupLocator("jini://Example.ORG:4160/");
        LookupLocator b = new LookupLocator("example.org", 4160);
        assertEquals(a, b);
        assertEquals(b, a);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new LookupLocator("example.org", 4161));
        assertNotEquals(a, new LookupLocator("example.net", 4160));
        assertNotEquals(a, "jini://example.org/");
        assertEquals(new LookupLocator("jini://[::1]/"), new LookupLocator("::1", 4160));
        assertEquals(new LookupLocator("jini://[::1]/").hashCode(), new LookupLocator("::1", 4160).hashCode());
        assertNotEquals(a, null);
    }

    @Test
    void serialFormIsHostPortAndSocketFactory() throws Exception {
        assertEquals(1448769379829432795L, SerialTestSupport.uid(LookupLocator.class));
        assertEquals(Map.of("host", "java.lang.String", "port", "int", "sf", "javax.net.SocketFactory"),
                SerialTestSupport.serialFields(LookupLocator.class));
        LookupLocator l = new LookupLocator("h", 2001);
        LookupLocator copy = SerialTestSupport.roundTrip(l);
        assertEquals("h", copy.getHost());
        assertEquals(2001, copy.getPort());
        assertNull(copy.sf);
    }

    @Test
    void socketFactoryConstructorKeepsTheFactoryAndChecksLikeHostPort() {
        SocketFactory factory = SocketFactory.getDefault();
        LookupLocator l = new LookupLocator("h", 2002, factory);
        assertEquals("h", l.getHost());
        assertEquals(2002, l.getPort());
        assertSame(factory, l.sf);
        assertNull(new LookupLocator("h", 2002, null).sf);
        assertEquals(new LookupLocator("h", 2002), l); // the factory takes no part in equality
        assertThrows(NullPointerException.class, () -> new LookupLocator(null, 4160, factory));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("h", 0, factory));
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("a b", 4160, factory));
    }

    @Test
    void aLocatorWithAFactoryThatIsNotSerializableCannotBeSerialized() {
        LookupLocator l = new LookupLocator("h", 2003, new CountingSocketFactory());
        assertThrows(NotSerializableException.class, () -> SerialTestSupport.roundTrip(l));
    }

    /** Counts the unconnected sockets it makes; the only creation method unicast discovery needs. */
    private static final class CountingSocketFactory extends SocketFactory {
        final AtomicInteger created = new AtomicInteger();

        @Override
        public Socket createSocket() {
            created.incrementAndGet();
            return new Socket();
        }

        @Override
        public Socket createSocket(String host, int port) {
            throw new UnsupportedOperationException("unicast discovery connects an unconnected socket");
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
            throw new UnsupportedOperationException("unicast discovery connects an unconnected socket");
        }

        @Override
        public Socket createSocket(InetAddress host, int port) {
            throw new UnsupportedOperationException("unicast discovery connects an unconnected socket");
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
            throw new UnsupportedOperationException("unicast discovery connects an unconnected socket");
        }
    }

    @Test
    void deserializationRejectsInvalidState() {
        LookupLocator badPort = new LookupLocator("h", 1);
        badPort.port = 0;
        assertThrows(InvalidObjectException.class, () -> SerialTestSupport.roundTrip(badPort));
        LookupLocator noHost = new LookupLocator("h", 1);
        noHost.host = null;
        assertThrows(InvalidObjectException.class, () -> SerialTestSupport.roundTrip(noHost));
    }

    /** A one-connection fake lookup service; the request it read is completed once a client has connected. */
    private static final class FakeServer implements AutoCloseable {
        interface Responder {
            void respond(Socket s) throws Exception;
        }

        final ServerSocket server;
        final CompletableFuture<Integer> request = new CompletableFuture<>();

        FakeServer(Responder responder) throws IOException {
            server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    request.complete(new DataInputStream(s.getInputStream()).readInt());
                    responder.respond(s);
                } catch (Exception e) {
                    request.completeExceptionally(e);
                }
            }, "fake-lookup-service");
            t.setDaemon(true);
            t.start();
        }

        /** Holds the connection open until the client closes its end (EOF), for at most 10 s. */
        static void awaitClientClose(Socket s) throws IOException {
            s.setSoTimeout(10_000);
            while (s.getInputStream().read() != -1) {
                // the client sends nothing after its request; wait for its close
            }
        }

        LookupLocator locator() {
            return new LookupLocator("127.0.0.1", server.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    @Test
    void getRegistrarSpeaksUnicastDiscoveryVersion1() throws Exception {
        StubRegistrar registrar = new StubRegistrar(77, "public");
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject(new MarshalledObject<>(registrar));
            out.writeInt(2);
            out.writeUTF("public");
            out.writeUTF("other");
            out.flush();
            FakeServer.awaitClientClose(s); // the client reads everything, then closes its end
        })) {
            ServiceRegistrar r = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> fake.locator().getRegistrar(5000));
            assertEquals(registrar.getServiceID(), r.getServiceID());
            assertEquals(1, fake.request.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void getRegistrarConnectsThroughTheLocatorsSocketFactory() throws Exception {
        StubRegistrar registrar = new StubRegistrar(79);
        CountingSocketFactory factory = new CountingSocketFactory();
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject(new MarshalledObject<>(registrar));
            out.writeInt(0);
            out.flush();
            FakeServer.awaitClientClose(s);
        })) {
            LookupLocator l = new LookupLocator("127.0.0.1", fake.server.getLocalPort(), factory);
            ServiceRegistrar r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> l.getRegistrar(5000));
            assertEquals(registrar, r);
            assertEquals(1, factory.created.get());
        }
    }

    @Test
    void getRegistrarWithoutArgumentUsesTheDefaultTimeout() throws Exception {
        StubRegistrar registrar = new StubRegistrar(78);
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject(new MarshalledObject<>(registrar));
            out.writeInt(0);
            out.flush();
            FakeServer.awaitClientClose(s);
        })) {
            ServiceRegistrar r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> fake.locator().getRegistrar());
            assertEquals(registrar, r);
        }
    }

    @Test
    void getRegistrarTimesOutWhenTheServerDoesNotAnswer() throws Exception {
        try (FakeServer fake = new FakeServer(FakeServer::awaitClientClose) /* never answers */) {
            long start = System.nanoTime();
            assertThrows(SocketTimeoutException.class,
                    () -> assertTimeoutPreemptively(Duration.ofSeconds(4), () -> fake.locator().getRegistrar(300)));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(250));
        }
    }

    @Test
    void getRegistrarRejectsAResponseThatIsNotAMarshalledRegistrar() throws Exception {
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject("not a marshalled object");
            out.writeInt(0);
            out.flush();
            FakeServer.awaitClientClose(s);
        })) {
            assertThrows(IOException.class, () -> fake.locator().getRegistrar(5000));
        }
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject(new MarshalledObject<>("not a registrar"));
            out.writeInt(0);
            out.flush();
            FakeServer.awaitClientClose(s);
        })) {
            assertThrows(IOException.class, () -> fake.locator().getRegistrar(5000));
        }
    }

    @Test
    void getRegistrarFailsOnATruncatedResponse() throws Exception {
        try (FakeServer fake = new FakeServer(s -> {
            ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
            out.writeObject(new MarshalledObject<>(new StubRegistrar(1)));
            out.writeInt(3);
            out.writeUTF("only one");
            out.flush();
        })) {
            assertThrows(IOException.class, () -> fake.locator().getRegistrar(5000));
        }
    }

    @Test
    void getRegistrarFailsWhenNothingListens() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        LookupLocator l = new LookupLocator("127.0.0.1", port);
        IOException e = assertThrows(IOException.class, () -> l.getRegistrar(2000));
        assertInstanceOf(IOException.class, e);
    }

    @Test
    void getRegistrarRejectsNegativeTimeout() {
        assertThrows(IllegalArgumentException.class, () -> new LookupLocator("127.0.0.1", 4160).getRegistrar(-1));
    }
}
