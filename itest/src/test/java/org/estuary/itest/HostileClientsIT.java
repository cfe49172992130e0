package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.rmi.AccessException;
import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.io.testing.HashBombs;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.RenewResults;
import org.estuary.lease.client.LandlordLease;
import org.estuary.remote.ClientSockets;
import org.estuary.remote.Exporter;
import org.estuary.remote.Registries;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.fixture.Jrmp;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.junit.function.ThrowingRunnable;

import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

/**
 * Attacks a process on the same host can make without a login, against the distribution started as an operator
 * starts it: each is refused and logged by the container while a legitimate client keeps being served, each of its
 * calls answered within its 10 s call timeout. The attacker connects from other loopback addresses (127.0.0.3-5)
 * than the legitimate client (127.0.0.1), as another peer would: some caps are per peer address.
 */
public class HostileClientsIT {

    /**
     * The request deadline this test configures, short enough to watch a drip attack end. A connection's handshake
     * ends with a message the container does not answer, so an idle connection is closed at this bound too: longer
     * than the flood below takes to open its connections.
     */
    private static final int REQUEST_TIMEOUT_MS = 15_000;
    /** The per-address connection cap this test configures: a flood past it stays well inside the fd limits. */
    private static final int PER_HOST_CAP = 64;
    /** The attacker's patience: far beyond every bound the container is held to here. */
    private static final int PATIENCE_MS = 30_000;
    /** Each attack from a loopback address of its own, so the per-address counts of one do not meet another's. */
    private static final InetAddress STALLER = address("127.0.0.3");
    private static final InetAddress FLOODER = address("127.0.0.4");
    private static final InetAddress DRIPPER = address("127.0.0.5");
    /**
     * The login throttle this test configures: 2 free failures, then 400 ms doubling to at most 800 ms; failures
     * count, and the log keeps quiet after a line, for 10 minutes, longer than this class runs.
     */
    private static final int FREE_FAILURES = 2;
    private static final long FIRST_DELAY_MS = 400;
    private static final long MAX_DELAY_MS = 800;

    private static RunningDistribution karaf;
    /** The port the services' calls arrive on (the multiplexed transport's). */
    private static int servicePort;
    private static EstuaryClient legitimate;
    private static LeaseRenewalService renewals;

    @BeforeClass
    public static void start() throws Exception {
        servicePort = LoopbackPorts.free();
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()), home -> {
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "service.port",
                    Integer.toString(servicePort));
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "request.timeout.ms",
                    Integer.toString(REQUEST_TIMEOUT_MS));
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "max.connections.per.host",
                    Integer.toString(PER_HOST_CAP));
            Files.writeString(home.resolve("etc/org.estuary.login.cfg"), "free.failures = " + FREE_FAILURES
                    + "\ndelay.ms = " + FIRST_DELAY_MS + "\nmax.delay.ms = " + MAX_DELAY_MS
                    + "\nwindow.seconds = 600\nlog.interval.seconds = 600\n");
        });
        karaf.awaitBound(LeaseRenewalService.class, LookupDiscoveryService.class);
        legitimate = EstuaryClient.connect("127.0.0.1", karaf.registryPort,
                RemoteSettings.builder().callTimeoutMs(10_000).build());
        renewals = legitimate.lookup(LeaseRenewalService.class);
    }

    @AfterClass
    public static void stop() throws Exception {
        if (legitimate != null) {
            legitimate.close();
        }
        if (karaf != null) {
            karaf.close();
        }
    }

    /** What a legitimate client does meanwhile: a set created and cancelled, each call within the call timeout. */
    private static void legitimateCalls(int rounds) throws Exception {
        for (int i = 0; i < rounds; i++) {
            LeaseRenewalSet set = renewals.createLeaseRenewalSet(60_000);
            set.getRenewalSetLease().cancel();
        }
    }

    @Test
    public void hashBombsAreRefusedAndLoggedWhileAClientIsServed() throws Exception {
        Remote backend = backendStub();
        List<Object> bombs = List.of(HashBombs.nestedSets(30), HashBombs.nestedMaps(30),
                HashBombs.mapOf(new HashMap<>(), HashBombs.collidingKeys(16_384)));
        ExecutorService attacker = Executors.newFixedThreadPool(bombs.size());
        try {
            List<Future<Throwable>> answers = new ArrayList<>();
            for (Object bomb : bombs) {
                answers.add(attacker.submit(() -> callWith(backend, bomb)));
            }
            legitimateCalls(20);
            for (Future<Throwable> answer : answers) {
                // refused: the container answers with the filter's reason, or, for an argument too large to
                // send whole before it refuses, stops reading it and closes the connection
                Throwable refused = answer.get(PATIENCE_MS, TimeUnit.MILLISECONDS);
                boolean cutOff = refused instanceof java.rmi.MarshalException
                        && refused.getCause() instanceof SocketException;
                assertTrue("not refused by the filter: " + chain(refused),
                        cutOff || chain(refused).contains("filter status: REJECTED"));
            }
        } finally {
            attacker.shutdownNow();
        }
        // one line per second at most: the refusals of the same second are counted into the first
        awaitRefusalLogged("refused a remote call", "maxHashDepth=", "maxHashCapacity=");
        legitimateCalls(1);
    }

    @Test
    public void aCallAnnouncedLargerThanItIsSentIsCutAtTheRequestDeadlineWhileAClientIsServed() throws Exception {
        List<Socket> calls = new ArrayList<>();
        long started = System.nanoTime();
        try {
            for (int i = 0; i < 8; i++) {
                // Each call announces 8 MB on the services' port and sends a few dozen bytes of it: the container
                // takes memory as the bytes arrive, not as announced, and reads nothing of a call before it is whole.
                Socket socket = connect(STALLER, servicePort);
                calls.add(socket);
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                out.write(new byte[] {'E', 'M', 'U', 'X', 1}); // the transport's greeting
                out.writeInt(8 * 1024 * 1024); // the call's length, its id and kind (a call)
                out.writeLong(i);
                out.writeByte(1);
                out.write(new byte[40]);
                out.flush();
            }
            legitimateCalls(5);
            for (Socket socket : calls) {
                // cut without an answer once the request deadline passed, never held for good
                try {
                    assertEquals("the container answered a call still arriving", -1, socket.getInputStream().read());
                } catch (SocketException reset) {
                    // closed: as good
                } catch (SocketTimeoutException held) {
                    fail("the container held a call that never arrived whole for " + PATIENCE_MS + " ms");
                }
            }
            long heldMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue("cut after " + heldMs + " ms, before request.timeout.ms=" + REQUEST_TIMEOUT_MS,
                    heldMs >= REQUEST_TIMEOUT_MS);
        } finally {
            for (Socket socket : calls) {
                socket.close();
            }
        }
        legitimateCalls(1);
    }

    @Test
    public void theRegistryRefusesEveryChangeFromAnotherProcess() throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", karaf.registryPort,
                new ClientSockets(null, 5_000, PATIENCE_MS, false));
        String service = LeaseRenewalService.class.getName();
        Remote stub = backendStub();
        Set<String> bound = Set.of(registry.list());
        assertTrue(bound.toString(), bound.contains(service));
        for (ThrowingRunnable change : List.<ThrowingRunnable>of(() -> registry.unbind(service),
                () -> registry.rebind(service, stub), () -> registry.bind("another", stub))) {
            ServerException refused = assertThrows(ServerException.class, change);
            assertTrue(chain(refused), refused.getCause() instanceof AccessException
                    && refused.getCause().getMessage().contains("disallowed; origin unknown"));
        }
        awaitRefusalLogged("refused a change to the registry", "read-only from outside");
        assertEquals(bound, Set.of(registry.list()));
        // a client arriving after the attempts finds the service and is served
        try (EstuaryClient next = EstuaryClient.connect("127.0.0.1", karaf.registryPort)) {
            LeaseRenewalSet set = next.lookup(LeaseRenewalService.class).createLeaseRenewalSet(60_000);
            set.getRenewalSetLease().cancel();
        }
        legitimateCalls(1);
    }

    @Test
    public void connectionsBeyondThePerHostCapAreClosedAndLoggedWhileAClientIsServed() throws Exception {
        int cap = PER_HOST_CAP;
        List<Socket> held = new ArrayList<>();
        try {
            int refused = 0;
            for (int i = 0; i < cap + 20; i++) {
                Socket socket = connect(FLOODER);
                held.add(socket);
                try {
                    Jrmp.handshake(socket);
                } catch (IOException closedByTheContainer) {
                    refused++;
                }
            }
            legitimateCalls(5);
            assertEquals("connections refused beyond max.connections.per.host=" + cap, 20, refused);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
        awaitRefusalLogged("refused a connection from 127.0.0.4", "max.connections.per.host=");
    }

    @Test
    public void aRequestSentAByteAtATimeIsCutAtTheRequestDeadline() throws Exception {
        Socket drip = connect(DRIPPER);
        try {
            DataOutputStream out = new DataOutputStream(drip.getOutputStream());
            DataInputStream in = new DataInputStream(drip.getInputStream());
            out.writeInt(0x4a524d49); // JRMI, version 2, stream protocol
            out.writeShort(2);
            out.writeByte(0x4b);
            out.flush();
            assertEquals(0x4e, in.readUnsignedByte()); // ProtocolAck and the endpoint the server sees
            in.readUTF();
            in.readInt();
            // The client's endpoint, which the container reads whole before anything else: a host name of 65,535
            // bytes, sent a byte per 200 ms, far within the read timeout.
            drip.setSoTimeout(200);
            out.writeShort(0xffff);
            for (int sent = 0; sent < 400; sent++) {
                out.writeByte('a');
                out.flush();
                try {
                    int answer = in.read();
                    assertTrue("the container answered a request still arriving: " + answer, answer < 0);
                    legitimateCalls(1);
                    return; // closed by the container
                } catch (SocketTimeoutException stillOpen) {
                    legitimateCalls(1); // served meanwhile
                } catch (SocketException reset) {
                    legitimateCalls(1);
                    return;
                }
            }
            fail("a request sent a byte per 200 ms outlived request.timeout.ms=" + REQUEST_TIMEOUT_MS);
        } finally {
            drip.close();
        }
    }

    @Test
    public void landlordsThatNeverAnswerDelayOnlyTheirOwnLeases() throws Exception {
        // LR.2: the attacker hands the renewal service leases of more landlords than it has renewal threads
        // (renewal.threads=4), each landlord's renew hanging; a legitimate client's lease of 8 s, renewed half-way
        // through its term, must keep being renewed meanwhile.
        int hostile = 6;
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger hanging = new AtomicInteger();
        try (SystemClock clock = new SystemClock("hostile-landlords");
                EstuaryClient attacker = EstuaryClient.connect("127.0.0.1", karaf.registryPort)) {
            LeaseTable<String> grants = new LeaseTable<>(clock, new LeasePolicy(2_000, 2_000), hostile,
                    (id, r) -> { });
            LeaseRenewalSet attack = attacker.lookup(LeaseRenewalService.class).createLeaseRenewalSet(120_000);
            for (int i = 0; i < hostile; i++) {
                Landlord hangs = attacker.export(Landlord.class, new HangingLandlord(never, hanging));
                attack.renewFor(grants.grant("attack", 2_000).lease(hangs, UUID.randomUUID(), clock), 120_000);
            }
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(8_000, 8_000), 1, (id, r) -> { });
            Landlord landlord = legitimate.export(Landlord.class, table);
            LeaseGrant grant = table.grant("client", 8_000);
            LeaseRenewalSet set = renewals.createLeaseRenewalSet(120_000);
            set.renewFor(grant.lease(landlord, UUID.randomUUID(), clock), 120_000);
            long firstExpiration = table.expiration(grant.leaseId());
            karaf.await("every hostile landlord's renew hanging", Duration.ofSeconds(20),
                    () -> hanging.get() == hostile);
            karaf.await("the legitimate lease renewed while the hostile calls hang", Duration.ofSeconds(30), () -> {
                try {
                    return table.expiration(grant.leaseId()) > firstExpiration;
                } catch (net.jini.core.lease.UnknownLeaseException expired) {
                    throw new AssertionError("the legitimate lease expired unrenewed", expired);
                }
            });
            assertEquals("the hostile calls still hang", hostile, hanging.get());
            legitimateCalls(5);
            set.getRenewalSetLease().cancel();
            legitimate.unexport(table);
            table.close();
            grants.close();
        } finally {
            never.countDown();
        }
        awaitRefusalLogged("has not answered in", "set aside");
    }

    // ---- the attacker's tools

    /** A landlord whose every call hangs until {@code released} (the attacker's patience at most). */
    private static final class HangingLandlord implements Landlord {
        private final CountDownLatch released;
        private final AtomicInteger hanging;

        HangingLandlord(CountDownLatch released, AtomicInteger hanging) {
            this.released = released;
            this.hanging = hanging;
        }

        private void hang() {
            hanging.incrementAndGet();
            try {
                released.await(PATIENCE_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                hanging.decrementAndGet();
            }
        }

        @Override
        public long renew(long leaseId, long duration) {
            hang();
            return duration;
        }

        @Override
        public void cancel(long leaseId) {
        }

        @Override
        public RenewResults renewAll(long[] leaseIds, long[] durations) {
            hang();
            throw new UnsupportedOperationException("never reached while the attack lasts");
        }

        @Override
        public Exception[] cancelAll(long[] leaseIds) {
            return new Exception[leaseIds.length];
        }
    }


    /** The stub of an exported backend, as any local process gets it from the registry. */
    private static Remote backendStub() throws Exception {
        ClientSockets sockets = new ClientSockets(null, 5_000, PATIENCE_MS, false);
        for (String name : Registries.list("127.0.0.1", karaf.registryPort, sockets)) {
            if (name.startsWith(Exporter.BACKEND_PREFIX)) {
                return (Remote) Registries.lookup("127.0.0.1", karaf.registryPort, sockets, name);
            }
        }
        throw new AssertionError("no backend bound in the registry");
    }

    /** A method of the backend taking an object (which the container reads whatever it is, then casts). */
    private static Method methodWithObjectParameter(Remote stub) {
        for (Class<?> face : stub.getClass().getInterfaces()) {
            for (Method method : face.getMethods()) {
                if (Remote.class.isAssignableFrom(face) && method.getParameterCount() > 0
                        && !method.getParameterTypes()[0].isPrimitive()) {
                    return method;
                }
            }
        }
        throw new AssertionError("no method with an object parameter on " + stub);
    }

    /** Calls the backend's method with {@code argument} where it takes an object; returns what the call threw. */
    private static Throwable callWith(Remote stub, Object argument) {
        Method method = methodWithObjectParameter(stub);
        Object[] args = new Object[method.getParameterCount()];
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            args[i] = types[i] == long.class ? 0L : types[i] == int.class ? 0 : types[i] == boolean.class
                    ? Boolean.FALSE : null;
        }
        args[0] = argument;
        try {
            Proxy.getInvocationHandler(stub).invoke(stub, method, args); // RMI writes the argument as it is
            return new AssertionError("the call with a bomb succeeded");
        } catch (Throwable thrown) {
            return thrown;
        }
    }

    private static Socket connect(InetAddress from) throws IOException {
        return connect(from, karaf.registryPort);
    }

    private static Socket connect(InetAddress from, int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(PATIENCE_MS);
        return socket;
    }

    @Test
    public void aRecordLargerThanEveryStoreTakesIsRefusedBeforeTheStoreWhileAClientIsServed() throws Exception {
        // Store S9: group names sent ahead let a handback larger than a record may be pass the stream's array
        // memory; the registration that would record both is refused with the limit's name, before the store,
        // and logged
        LookupDiscoveryService discovery = legitimate.lookup(LookupDiscoveryService.class);
        RemoteEventListener listener = legitimate.exportListener(event -> { });
        try {
            String[] groups = new String[64];
            for (int i = 0; i < groups.length; i++) {
                groups[i] = "it-large-" + i + "-" + "x".repeat(1_100);
            }
            MarshalledObject<byte[]> handback = new MarshalledObject<>(new byte[800_000]);
            for (int i = 0; i < 3; i++) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> discovery.register(groups, null, listener, handback, 60_000));
                assertTrue(refused.getMessage(), refused.getMessage().contains("Store.MAX_VALUE_BYTES")
                        && refused.getMessage().contains(Integer.toString(512 * 1024)));
                legitimateCalls(1);
            }
            awaitRefusalLogged("refused a record of", "Store.MAX_VALUE_BYTES");
            // the embedded store would have kept the record (RocksDB takes values of many MiB): the service refused
            // it itself; the same groups without the handback are registered
            discovery.register(groups, null, listener, null, 60_000).getLease().cancel();
            // one group more than a registration may seek is refused and logged too
            String[] tooMany = Arrays.copyOf(groups, groups.length + 1);
            tooMany[groups.length] = "it-one-more";
            assertThrows(IllegalArgumentException.class,
                    () -> discovery.register(tooMany, null, listener, null, 60_000));
            awaitRefusalLogged("lookup discovery service refused", "max.groups.per.registration=");
        } finally {
            legitimate.unexport(listener);
        }
    }

    @Test
    public void repeatedWrongPasswordsOverSshAndTheConsoleAreSlowedDownAndLoggedRateLimited() throws Exception {
        karaf.awaitConsolePage("bundles", "Bundles");
        // The throttle may first activate with its defaults, before the configuration admin hands it the file
        // this test wrote; the re-activation then forgets the failures counted so far (and for a moment Karaf's
        // own realm answers), so the guesses start only once the configured throttle is the one in place.
        String configured = "Estuary login throttle active on the karaf realm: free.failures=" + FREE_FAILURES
                + ", delay.ms=" + FIRST_DELAY_MS + ", max.delay.ms=" + MAX_DELAY_MS + ",";
        karaf.await("the login throttle active with this test's configuration", Duration.ofSeconds(60),
                () -> karaf.logged(configured) > 0);
        // and every guess over ssh must reach the password check: a refused connection counts no failure
        karaf.awaitSshServer();
        int guesses = 4;
        long least = 0;
        long started = System.nanoTime();
        for (int i = 0; i < guesses; i++) {
            // each guess waits before its check for the failures before it (none of this class's other tests
            // logs in with a password, and more failures would only make the waits longer)
            least += delayAfter(2 * i) + delayAfter(2 * i + 1);
            Answer guess = sshWithPassword("guess-" + i);
            assertTrue("a wrong password over ssh is refused at the password check: " + guess.output,
                    guess.exitCode != 0 && guess.output.contains("Permission denied"));
            assertEquals("a wrong password to the console is refused", 401, consoleWithPassword("guess-" + i));
        }
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(2 * guesses + " wrong passwords took " + tookMs + " ms, less than the configured waits of "
                + least + " ms", tookMs >= least);

        // The administrator still gets in, each login waiting at most max.delay.ms before its check.
        assertEquals(200, consoleWithPassword(karaf.password));
        Answer shell = sshWithPassword(karaf.password);
        assertEquals("the right password over ssh: " + shell.output, 0, shell.exitCode);
        assertTrue(shell.output, shell.output.contains("throttled-but-in"));
        legitimateCalls(1);

        String line = "failed password login to the karaf realm for user 'admin'";
        karaf.await("the failures logged", Duration.ofSeconds(30), () -> karaf.logged(line) > 0);
        assertEquals("one line for " + 2 * guesses + " failures in a log interval of 10 minutes: " + karaf.log(),
                1, karaf.logged(line));
    }

    /** What every password login waits after {@code failed} failures, as the configured throttle computes it. */
    private static long delayAfter(int failed) {
        int beyond = failed - FREE_FAILURES;
        return beyond <= 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS << (beyond - 1));
    }

    /** The status of a console page asked for as {@code admin} with {@code password}. */
    private static int consoleWithPassword(String password) throws IOException, InterruptedException {
        String authorization = "Basic " + Base64.getEncoder()
                .encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + karaf.httpPort + "/system/console/bundles"))
                .timeout(Duration.ofSeconds(30)).header("Authorization", authorization).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private record Answer(int exitCode, String output) {
    }

    /**
     * OpenSSH logging in as {@code admin} with {@code password} (one password attempt, no key), the password given
     * through {@code SSH_ASKPASS} as a user types it, running a shell command that echoes a marker.
     */
    private static Answer sshWithPassword(String password) throws IOException, InterruptedException {
        Path askpass = karaf.home.resolve("itest-askpass");
        if (!Files.exists(askpass)) {
            Files.writeString(askpass, "#!/bin/sh\nprintf '%s\\n' \"$ITEST_PASSWORD\"\n");
            askpass.toFile().setExecutable(true, true);
        }
        ProcessBuilder builder = new ProcessBuilder("ssh", "-p", Integer.toString(karaf.sshPort), "-o",
                "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no", "-o",
                "NumberOfPasswordPrompts=1", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10", "admin@127.0.0.1", "echo throttled-but-in")
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().put("SSH_ASKPASS", askpass.toString());
        builder.environment().put("SSH_ASKPASS_REQUIRE", "force");
        builder.environment().put("DISPLAY", ":0");
        builder.environment().put("ITEST_PASSWORD", password);
        Process ssh = builder.start();
        try {
            byte[] output = ssh.getInputStream().readAllBytes();
            if (!ssh.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("ssh did not finish in 60 s");
            }
            return new Answer(ssh.exitValue(), new String(output, StandardCharsets.UTF_8));
        } finally {
            ssh.destroyForcibly();
        }
    }

    /** Waits for a line of the container's log saying {@code what} and naming one of {@code limits}. */
    private static void awaitRefusalLogged(String what, String... limits) throws InterruptedException {
        karaf.await("the container logging '" + what + "' naming one of " + Arrays.toString(limits),
                Duration.ofSeconds(30), () -> karaf.fullLog().lines().anyMatch(line -> line.contains(what)
                        && Arrays.stream(limits).anyMatch(line::contains)));
    }

    private static String chain(Throwable thrown) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            text.append(t).append(" / ");
        }
        return text.toString();
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
