package org.estuary.remote.internal.mux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.core.concurrent.Waits;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.io.testing.LogCapture;
import org.estuary.remote.ClientSockets;
import org.estuary.remote.Callers;
import org.estuary.remote.internal.ServerSockets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The multiplexed transport over real sockets on 127.0.0.1: values and exceptions as Java RMI hands them over, many
 * threads over few connections, calls that wait handing the connection on, and what it refuses.
 */
class MuxTransportTest {

    /** What the tests call. */
    public interface Calls extends Remote {
        long add(long a, int b) throws RemoteException;

        String[] split(String text) throws RemoteException;

        void nothing() throws RemoteException;

        String caller() throws RemoteException;

        void fail(String what) throws RemoteException, java.io.IOException;

        /** Tells the transport it waits (unless {@code quietly}), then waits for {@link Impl#release}. */
        String await(boolean quietly) throws RemoteException, InterruptedException;

        void sleep(long millis) throws RemoteException, InterruptedException;

        Object echo(Object value) throws RemoteException;

        /** Claims a later answer ({@link Impl#laters}) and returns a placeholder, or -2 if it cannot. */
        long later() throws RemoteException;

        /** Whether {@code value} arrived as this call's own argument ({@link ReadScope#arrived}). */
        boolean arrived(Object value) throws RemoteException;
    }

    /** Not public: a proxy of it is defined in its own loader. */
    interface Hidden {
        String name();
    }

    /** The handler of a {@link Hidden} proxy. */
    static final class Named implements java.lang.reflect.InvocationHandler, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) {
            return name;
        }
    }

    static final class Impl implements Calls {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch waiting = new CountDownLatch(1);
        /** The answers {@link #later} claimed, for the test to complete. */
        final BlockingQueue<CompletableFuture<Long>> laters = new LinkedBlockingQueue<>();
        /** The allowlist of the export's calls. */
        final Marshaller marshaller = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

        @Override
        public long add(long a, int b) {
            return a + b;
        }

        @Override
        public String[] split(String text) {
            return text.split(",");
        }

        @Override
        public void nothing() {
        }

        @Override
        public String caller() {
            return Callers.current();
        }

        @Override
        public void fail(String what) throws RemoteException, java.io.IOException {
            switch (what) {
                case "remote":
                    throw new RemoteException("thrown by the method");
                case "checked":
                    throw new java.io.IOException("checked");
                case "runtime":
                    throw new IllegalStateException("runtime");
                default:
                    throw new AssertionError("error");
            }
        }

        @Override
        public String await(boolean quietly) throws InterruptedException {
            if (!quietly) {
                Waits.aboutToWait();
            }
            waiting.countDown();
            assertTrue(release.await(10, TimeUnit.SECONDS));
            return "released";
        }

        @Override
        public void sleep(long millis) throws InterruptedException {
            Thread.sleep(millis);
        }

        @Override
        public Object echo(Object value) {
            return value;
        }

        @Override
        public long later() {
            if (!LaterAnswers.possible()) {
                return -2; // answered on return
            }
            CompletableFuture<Long> answer = new CompletableFuture<>();
            LaterAnswers.claim(answer, () -> {
                try {
                    return answer.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw (Exception) e.getCause();
                }
            });
            laters.add(answer);
            return -1;
        }

        @Override
        public boolean arrived(Object value) {
            return ReadScope.arrived(value, this, marshaller.filter());
        }
    }

    private final Impl impl = new Impl();
    private ServerSockets serverSockets;
    private MuxServer server;
    private UUID id;

    @BeforeEach
    void start() throws IOException {
        serverSockets = new ServerSockets(InetAddress.getLoopbackAddress(), null, false, 10_000, 10_000, 64, 64);
        server = new MuxServer(serverSockets, 0, 1 << 20);
        ReadScope calls = ReadScope.forCalls(impl.marshaller, null);
        // an export's loader is not its classes' own (a bundle's marshaller loader): one that delegates to it
        ClassLoader delegating = new ClassLoader(getClass().getClassLoader()) {
        };
        id = server.export(impl, Calls.class, delegating, calls);
    }

    @AfterEach
    void stop() {
        impl.release.countDown();
        server.close();
    }

    private Calls stub(UUID exported, int timeoutMs) {
        ClientSockets sockets = new ClientSockets(null, 2_000, timeoutMs, false);
        return (Calls) Proxy.newProxyInstance(Calls.class.getClassLoader(), new Class<?>[] {Calls.class},
                (proxy, method, args) -> MuxCalls.call("127.0.0.1", server.port(), sockets, timeoutMs, exported,
                        method, args == null ? new Object[0] : args));
    }

    @Test
    void valuesTravelAsJavaRmiHandsThemOver() throws Exception {
        Calls calls = stub(id, 5_000);
        assertEquals(42L, calls.add(40L, 2));
        assertArrayEquals(new String[] {"a", "b"}, calls.split("a,b"));
        calls.nothing();
        assertEquals("127.0.0.1", calls.caller()); // Callers counts the connection's peer
    }

    @Test
    void aProxyOfANonPublicInterfaceIsReadInItsInterfacesLoader() throws Exception {
        Hidden hidden = (Hidden) Proxy.newProxyInstance(Hidden.class.getClassLoader(), new Class<?>[] {Hidden.class},
                new Named("kept"));
        Hidden back = (Hidden) stub(id, 5_000).echo(hidden);
        assertEquals("kept", back.name());
    }

    @Test
    void exceptionsTravelAsJavaRmiHandsThemOver() {
        Calls calls = stub(id, 5_000);
        ServerException remote = assertThrows(ServerException.class, () -> calls.fail("remote"));
        assertEquals("thrown by the method", ((RemoteException) remote.detail).getMessage());
        assertEquals("checked", assertThrows(java.io.IOException.class, () -> calls.fail("checked")).getMessage());
        assertEquals("runtime", assertThrows(IllegalStateException.class, () -> calls.fail("runtime")).getMessage());
        ServerError error = assertThrows(ServerError.class, () -> calls.fail("error"));
        assertInstanceOf(AssertionError.class, error.detail);
    }

    @Test
    void anIdNotExportedIsNoSuchObject() throws Exception {
        Calls calls = stub(id, 5_000);
        assertEquals(3L, calls.add(1, 2));
        server.unexport(id);
        assertThrows(NoSuchObjectException.class, () -> calls.add(1, 2));
        assertThrows(NoSuchObjectException.class, () -> stub(UUID.randomUUID(), 5_000).nothing());
    }

    @Test
    void manyThreadsShareAFewConnectionsAndEachGetsItsOwnReply() throws Exception {
        Calls calls = stub(id, 5_000);
        ExecutorService threads = Executors.newFixedThreadPool(32);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 32; t++) {
                long base = t * 1_000_000L;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 300; i++) {
                        assertEquals(base + i, calls.add(base, i));
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(30, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        assertTrue(serverSockets.openConnections() <= MuxClient.CONNECTIONS, serverSockets.openConnections()
                + " connections");
    }

    /** Two calls from two threads over one connection of their own. */
    private ClientConnection oneConnection() throws IOException {
        Socket socket = new ClientSockets(null, 2_000, 5_000, false).createSocket("127.0.0.1", server.port());
        return new ClientConnection(socket, 1 << 20);
    }

    private static byte[] callFrame(UUID exported, String method, Class<?>[] types, Object... args)
            throws Exception {
        Streams.Buffer frame = new Streams.Buffer(Wire.HEADER_BYTES + 24);
        Wire.putLong(frame.bytes(), Wire.HEADER_BYTES, exported.getMostSignificantBits());
        Wire.putLong(frame.bytes(), Wire.HEADER_BYTES + 8, exported.getLeastSignificantBits());
        Wire.putLong(frame.bytes(), Wire.HEADER_BYTES + 16, Wire.methodHash(Calls.class.getMethod(method, types)));
        try (java.io.ObjectOutputStream out = Streams.output(frame)) {
            for (int i = 0; i < args.length; i++) {
                Streams.writeValue(out, types[i], args[i]);
            }
        }
        return java.util.Arrays.copyOf(frame.bytes(), frame.length());
    }

    /** Sends {@code await(quietly)} over {@code connection} from one of {@code threads}; returns once it runs. */
    private Future<ClientConnection.Pending> awaiting(ClientConnection connection, ExecutorService threads,
            boolean quietly) throws Exception {
        byte[] await = callFrame(id, "await", new Class<?>[] {boolean.class}, quietly);
        Future<ClientConnection.Pending> waiting = threads.submit(() -> connection.call(Wire.CALL, await,
                await.length, TimeUnit.SECONDS.toNanos(10)));
        assertTrue(impl.waiting.await(10, TimeUnit.SECONDS));
        return waiting;
    }

    @Test
    void aCallThatWaitsHandsTheConnectionOnToTheCallsBehindIt() throws Exception {
        ClientConnection connection = oneConnection();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<ClientConnection.Pending> waiting = awaiting(connection, threads, false);
            byte[] add = callFrame(id, "add", new Class<?>[] {long.class, int.class}, 1L, 2);
            ClientConnection.Pending added = connection.call(Wire.CALL, add, add.length, TimeUnit.SECONDS.toNanos(5));
            assertEquals(Wire.RETURN, added.kind); // answered while the first call still waits
            assertFalse(waiting.isDone());
            impl.release.countDown();
            assertEquals(Wire.RETURN, waiting.get(10, TimeUnit.SECONDS).kind);
        } finally {
            threads.shutdownNow();
            connection.fail(new IOException("test over"));
        }
    }

    /** Starts a call that waits (handing its connection on) and stays unanswered until the test ends. */
    private Future<Long> anotherCallUnanswered(ExecutorService threads, Calls calls) throws Exception {
        Future<Long> waiting = threads.submit(() -> {
            calls.await(false);
            return 0L;
        });
        assertTrue(impl.waiting.await(10, TimeUnit.SECONDS));
        return waiting;
    }

    @Test
    void aCallAloneIsAnsweredByItsMethodsReturnInItsOwnThread() throws Exception {
        assertEquals(-2L, stub(id, 5_000).later(), "no later answer offered: nothing else is unanswered");
    }

    @Test
    void aCallAnsweredLaterFreesItsReaderAtOnceAndIsAnsweredWhenItsAnswerCompletes() throws Exception {
        ClientConnection connection = oneConnection();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            anotherCallUnanswered(threads, stub(id, 10_000));
            byte[] later = callFrame(id, "later", new Class<?>[0]);
            Future<ClientConnection.Pending> pending = threads.submit(() -> connection.call(Wire.CALL, later,
                    later.length, TimeUnit.SECONDS.toNanos(10)));
            CompletableFuture<Long> answer = impl.laters.poll(10, TimeUnit.SECONDS);
            assertNotNull(answer, "the call claimed its answer");
            byte[] add = callFrame(id, "add", new Class<?>[] {long.class, int.class}, 1L, 2);
            ClientConnection.Pending added = connection.call(Wire.CALL, add, add.length, TimeUnit.SECONDS.toNanos(5));
            assertEquals(Wire.RETURN, added.kind, "answered on the same connection meanwhile");
            assertFalse(pending.isDone(), "not answered before its answer completes");
            answer.complete(7L);
            assertEquals(Wire.RETURN, pending.get(10, TimeUnit.SECONDS).kind);
        } finally {
            impl.release.countDown();
            threads.shutdownNow();
            connection.fail(new IOException("test over"));
        }
    }

    @Test
    void aLaterAnswersValueOrExceptionTravelsAsTheMethodsOwnWould() throws Exception {
        Calls calls = stub(id, 10_000);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            anotherCallUnanswered(threads, calls);
            Future<Long> value = threads.submit(calls::later);
            impl.laters.poll(10, TimeUnit.SECONDS).complete(7L);
            assertEquals(7L, value.get(10, TimeUnit.SECONDS), "the answer, not the placeholder the method returned");

            Future<Long> remote = threads.submit(calls::later);
            impl.laters.poll(10, TimeUnit.SECONDS).completeExceptionally(new RemoteException("the store failed"));
            Throwable thrown = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> remote.get(10, TimeUnit.SECONDS)).getCause();
            assertInstanceOf(ServerException.class, thrown);
            assertEquals("the store failed", ((RemoteException) ((ServerException) thrown).detail).getMessage());

            Future<Long> runtime = threads.submit(calls::later);
            impl.laters.poll(10, TimeUnit.SECONDS).completeExceptionally(new IllegalStateException("refused"));
            thrown = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> runtime.get(10, TimeUnit.SECONDS)).getCause();
            assertInstanceOf(IllegalStateException.class, thrown);
            assertEquals("refused", thrown.getMessage());
        } finally {
            impl.release.countDown();
            threads.shutdownNow();
        }
    }

    @Test
    void aCallThatWaitsWithoutSayingSoHoldsItsConnection() throws Exception {
        ClientConnection connection = oneConnection();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<ClientConnection.Pending> waiting = awaiting(connection, threads, true);
            byte[] add = callFrame(id, "add", new Class<?>[] {long.class, int.class}, 1L, 2);
            Future<ClientConnection.Pending> behind = threads.submit(() -> connection.call(Wire.CALL, add,
                    add.length, TimeUnit.SECONDS.toNanos(10)));
            assertThrows(java.util.concurrent.TimeoutException.class, () -> behind.get(200, TimeUnit.MILLISECONDS));
            impl.release.countDown(); // the reader runs calls in its own thread: the next one after this one
            assertEquals(Wire.RETURN, waiting.get(10, TimeUnit.SECONDS).kind);
            assertEquals(Wire.RETURN, behind.get(10, TimeUnit.SECONDS).kind);
        } finally {
            threads.shutdownNow();
            connection.fail(new IOException("test over"));
        }
    }

    @Test
    void noReplyInTimeIsAnUnmarshalExceptionCausedByATimeoutAndTheConnectionServesOn() throws Exception {
        Calls calls = stub(id, 300);
        UnmarshalException late = assertThrows(UnmarshalException.class, () -> calls.sleep(2_000));
        Throwable cause = late;
        while (cause != null && !(cause instanceof SocketTimeoutException)) {
            cause = cause.getCause();
        }
        assertInstanceOf(SocketTimeoutException.class, cause, late.toString());
        assertEquals(5L, calls.add(2, 3));
    }

    @Test
    void aServerThatIsGoneIsAConnectionFailureBeforeTheCallIsSent() {
        Calls calls = stub(id, 2_000);
        server.close();
        RemoteException gone = assertThrows(RemoteException.class, calls::nothing);
        assertTrue(gone instanceof ConnectException || gone instanceof ConnectIOException, gone.toString());
    }

    @Test
    void aConnectionWithoutTheGreetingIsClosedAndLogged() throws Exception {
        try (LogCapture log = LogCapture.warnings("org.estuary.remote");
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            socket.setSoTimeout(5_000);
            assertEquals(-1, socket.getInputStream().read());
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("did not open with Estuary's greeting")),
                    log.messages().toString());
        }
    }

    @Test
    void aFrameAboveTheBoundIsRefusedBeforeItIsRead() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(Wire.GREETING);
            byte[] header = new byte[Wire.HEADER_BYTES];
            Wire.header(header, Integer.MAX_VALUE, 1, Wire.CALL);
            out.write(header);
            socket.setSoTimeout(5_000);
            InputStream in = socket.getInputStream();
            assertEquals(-1, in.read()); // closed without an answer, nothing allocated for the announced frame
        }
        assertEquals(3L, stub(id, 5_000).add(1, 2)); // and the server serves on
    }

    @Test
    void aFrameOfUnknownKindClosesItsConnection() throws Exception {
        try (LogCapture log = LogCapture.warnings("org.estuary.remote");
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(Wire.GREETING);
            byte[] header = new byte[Wire.HEADER_BYTES];
            Wire.header(header, 0, 1, (byte) 99);
            out.write(header);
            socket.setSoTimeout(5_000);
            assertEquals(-1, new DataInputStream(socket.getInputStream()).read());
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("unknown kind 99")),
                    log.messages().toString());
        }
    }

    /** A server like the others with a request deadline of 500 ms. */
    private MuxServer withRequestDeadline() throws IOException {
        server.close();
        serverSockets = new ServerSockets(InetAddress.getLoopbackAddress(), null, false, 60_000, 500, 64, 64);
        server = new MuxServer(serverSockets, 0, 1 << 20);
        id = server.export(impl, Calls.class, getClass().getClassLoader(), ReadScope.forCalls(Marshallers.builder()
                .classLoader(getClass().getClassLoader()).build(), null));
        return server;
    }

    @Test
    void aCallThatDoesNotArriveWholeIsCutAtTheRequestDeadline() throws Exception {
        withRequestDeadline();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(Wire.GREETING); // with the first bytes of a call, in one write
            byte[] header = new byte[Wire.HEADER_BYTES];
            Wire.header(header, 1_000, 1, Wire.CALL);
            out.write(header);
            out.write(new byte[10]);
            socket.setSoTimeout(10_000); // far beyond the deadline and its sweep
            assertEquals(-1, socket.getInputStream().read());
        }
    }

    @Test
    void callsArrivingBackToBackLongerThanTheRequestDeadlineAreServed() throws Exception {
        withRequestDeadline();
        ClientConnection connection = oneConnection();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            byte[] add = callFrame(id, "add", new Class<?>[] {long.class, int.class}, 1L, 2);
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_500); // three deadlines
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    int calls = 0;
                    while (System.nanoTime() - until < 0) {
                        byte[] frame = add.clone();
                        assertEquals(Wire.RETURN, connection.call(Wire.CALL, frame, frame.length,
                                TimeUnit.SECONDS.toNanos(5)).kind);
                        calls++;
                    }
                    return calls;
                }));
            }
            for (Future<Integer> each : done) {
                assertTrue(each.get(30, TimeUnit.SECONDS) > 0);
            }
            assertFalse(connection.failed());
        } finally {
            threads.shutdownNow();
            connection.fail(new IOException("test over"));
        }
    }

    @Test
    void aCallsArgumentsAreTheExportedObjectsOwnWhileItsMethodRuns() throws Exception {
        // read through the export's allowlist and held by nothing else: the method may keep them without a copy
        assertTrue(stub(id, 5_000).arrived(new ArrayList<>(List.of("read here"))));
        assertFalse(impl.arrived(new Object()), "what an in-process caller passes is the caller's");
    }

    @Test
    void theCallerIsNamedOnlyWhileItsCallRuns() throws Exception {
        assertEquals("127.0.0.1", stub(id, 5_000).caller());
        assertNull(MuxServer.caller()); // this thread runs no call
    }
}
