package org.estuary.bench.mailbox;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.mailbox.testing.MailboxServices;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ClientOps;
import org.estuary.store.api.testing.LoopbackPorts;

/**
 * The event mailbox benchmark, one run:
 * <ol>
 * <li>durable ingest of 1 KB events on the default embedded store (RocksDB) with 1, 8 and 64 generators (threads,
 * each with its own registration, notify in a loop), next to the store's raw rate for the same number of writers (threads, each
 * applying a 1 KB put and waiting for it) measured in the same run: events/s, records/s and their ratio;</li>
 * <li>pull drain in process: EVENTS events stored in one registration (memory store), taken with one iterator;</li>
 * <li>pull drain from another JVM: a server JVM ({@link MailboxServer}) stores EVENTS events, this JVM takes them
 * through org.estuary.client's remote proxies;</li>
 * <li>client operations from another JVM on the embedded store ({@link ClientOpsBench}): one client's register and notify
 * p50 against an RPC's p50 + 2 x an fsync's p50, 64 clients' operations/s against the raw 64-writer rate of (1);</li>
 * <li>push delivery of EVENTS / 50 stored events to one target in this JVM and to one over RMI on 127.0.0.1.</li>
 * </ol>
 * Ends with {@code mailbox: ingest_ratio_min=<n> pull_drain_per_s=<n> remote_pull_drain_per_s=<n>
 * register_p50_us=<n> notify_p50_us=<n> op_target_us=<n> ops64_ratio=<n>}; the push rates are in the lines before
 * it.
 */
public final class MailboxBench {

    private static final int[] WRITERS = {1, 8, 64};
    private static final int TURNS = 2;
    private static final int INGEST_BYTES = 1024;
    private static final int DRAIN_BYTES = 200;

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        int seconds = Integer.parseInt(args[1]);
        int events = Integer.parseInt(args[2]);
        int port = Integer.parseInt(args[3]);
        String classpath = System.getProperty("java.class.path");
        Marshaller marshaller = Marshallers.builder().classLoader(MailboxBench.class.getClassLoader()).build();
        say("mailbox: settings " + MailboxServices.describe(Events.ROOMY));

        double lowest = Double.MAX_VALUE;
        double raw64 = 0;
        for (int writers : WRITERS) {
            // The shared disk's sync rate drifts within minutes: raw and ingest take turns, twice, and each side's
            // figure is its mean over both turns.
            double raw = 0;
            double ingest = 0;
            for (int turn = 1; turn <= TURNS; turn++) {
                raw += raw(data.resolve("raw-" + writers + "-" + turn), writers, seconds) / TURNS;
                ingest += ingest(data.resolve("ingest-" + writers + "-" + turn), writers, seconds, marshaller) / TURNS;
            }
            double ratio = ingest / raw;
            lowest = Math.min(lowest, ratio);
            raw64 = writers == 64 ? raw : raw64;
            say(String.format(Locale.ROOT, "mailbox: %d writers: ingest %.0f events/s, raw store %.0f records/s,"
                    + " ratio %.2f", writers, ingest, raw, ratio));
        }
        ClientOpsBench.Figures ops = ClientOpsBench.measure(data.resolve("ops"), LoopbackPorts.free(), seconds,
                INGEST_BYTES);
        double target = ClientOps.target(ops.rpc(), ops.fsync());
        ClientOps.Result one = ops.results()[0];
        double ops64Ratio = ops.results()[1].opsPerSecond() / raw64;
        say(String.format(Locale.ROOT, "mailbox: client operations on the embedded store: one client's register p50 %.0f "
                + "us, notify p50 %.0f us (target: RPC p50 + 2 x fsync p50 = %.0f us); 64 clients %.0f operations/s, "
                + "%.2f x the raw 64-writer rate (%.0f records/s)", ClientOps.micros(one.sorted[0], 0.5),
                ClientOps.micros(one.sorted[1], 0.5), target, ops.results()[1].opsPerSecond(), ops64Ratio, raw64));
        double local = drainInProcess(events, marshaller);
        double unmarshal = unmarshalLimit(events);
        say(String.format(Locale.ROOT, "mailbox: pull drain in process: %d events at %.0f events/s; plain JDK "
                + "deserialization of the same events, one stream each: %.0f events/s (drain ratio %.2f)", events,
                local, unmarshal, local / unmarshal));
        double remote = drainRemote(events, port, classpath);
        say(String.format(Locale.ROOT, "mailbox: pull drain from another JVM: %d events at %.0f events/s", events,
                remote));
        int pushed = Math.max(1, events / 50);
        double pushLocal = push(pushed, marshaller, false);
        say(String.format(Locale.ROOT, "mailbox: push to an in-process listener: %d events at %.0f events/s",
                pushed, pushLocal));
        double pushRemote = push(pushed, marshaller, true);
        say(String.format(Locale.ROOT, "mailbox: push to a listener over RMI (127.0.0.1): %d events at %.0f "
                + "events/s", pushed, pushRemote));
        System.out.printf(Locale.ROOT, "mailbox: ingest_ratio_min=%.2f pull_drain_per_s=%.0f "
                + "remote_pull_drain_per_s=%.0f register_p50_us=%.0f notify_p50_us=%.0f op_target_us=%.0f "
                + "ops64_ratio=%.2f%n", lowest, local, remote, ClientOps.micros(one.sorted[0], 0.5),
                ClientOps.micros(one.sorted[1], 0.5), target, ops64Ratio);
    }

    /** Records/s of {@code writers} threads each applying a 1 KB put to a fresh embedded store and waiting for it. */
    private static double raw(Path directory, int writers, int seconds) throws Exception {
        Store store = Stores.embedded(directory.toString());
        byte[] value = new byte[INGEST_BYTES];
        AtomicLong counter = new AtomicLong();
        double rate = loop(writers, seconds, writer -> {
            store.applyAndWait(Batch.builder().put("bench/raw", Long.toString(counter.incrementAndGet()), value)
                    .build(), 10, TimeUnit.SECONDS);
        });
        Stores.close(store);
        return rate;
    }

    /** Events/s of {@code writers} generators, each notifying its own registration's listener, on a fresh embedded store. */
    private static double ingest(Path directory, int writers, int seconds, Marshaller marshaller) throws Exception {
        Store store = Stores.embedded(directory.toString());
        SystemClock clock = new SystemClock("bench-mailbox-timer");
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, MailboxServices.delivery(Events.ROOMY),
                "bench-mailbox-events");
        MailboxServices.Running service = MailboxServices.start(clock, marshaller, store, delivery, Events.ROOMY);
        PullEventMailbox mailbox = service.proxy();
        RemoteEventListener[] listeners = new RemoteEventListener[writers];
        for (int i = 0; i < writers; i++) {
            listeners[i] = mailbox.pullRegister(3_600_000).getListener();
        }
        Events made = new Events(INGEST_BYTES);
        long[] sequence = new long[writers];
        double rate = loop(writers, seconds, writer -> listeners[writer].notify(
                made.event("generator-" + writer, ++sequence[writer])));
        service.close();
        delivery.close();
        clock.close();
        Stores.close(store);
        return rate;
    }

    private static double drainInProcess(int events, Marshaller marshaller) throws Exception {
        Store store = Stores.memory();
        SystemClock clock = new SystemClock("bench-mailbox-timer");
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, MailboxServices.delivery(Events.ROOMY),
                "bench-mailbox-events");
        MailboxServices.Running service = MailboxServices.start(clock, marshaller, store, delivery, Events.ROOMY);
        Events made = new Events(DRAIN_BYTES);
        int warmUp = warmUpEvents(events);
        drain(MailboxServer.filled(service, made, warmUp), warmUp);
        double rate = drain(MailboxServer.filled(service, made, events), events);
        service.close();
        delivery.close();
        clock.close();
        Stores.close(store);
        return rate;
    }

    /**
     * The reference beside the drain: events/s of one thread deserializing the drain's events with a plain
     * {@code ObjectInputStream} each (every event is its own stream, written where the generator's classes are),
     * what an iterator reading each event on its own would reach; a transfer's events travel as one stream that
     * shares their class descriptors instead. {@code events} reads of a tenth as many distinct events' bytes.
     */
    private static double unmarshalLimit(int events) throws Exception {
        Events made = new Events(DRAIN_BYTES);
        byte[][] written = new byte[Math.max(1, events / 10)][];
        for (int i = 0; i < written.length; i++) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
                out.writeObject(made.event("generator", i + 1L));
            }
            written[i] = bytes.toByteArray();
        }
        long start = System.nanoTime();
        long check = 0;
        for (int i = 0; i < events; i++) {
            try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
                    new java.io.ByteArrayInputStream(written[i % written.length]))) {
                check += ((RemoteEvent) in.readObject()).getSequenceNumber();
            }
        }
        long nanos = System.nanoTime() - start;
        if (check <= 0) {
            throw new IllegalStateException("nothing was read");
        }
        return events / (nanos / 1e9);
    }

    private static double drainRemote(int events, int port, String classpath) throws Exception {
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx3g", "-Djava.util.logging.config.file=/dev/null", "-cp", classpath,
                MailboxServer.class.getName(), Integer.toString(port), Integer.toString(events),
                Integer.toString(DRAIN_BYTES)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            if (!"READY".equals(line)) {
                throw new IllegalStateException("the server JVM did not start: " + line);
            }
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port)) {
                drain(client.lookup(MailboxServer.WARM_UP, MailboxPullRegistration.class), warmUpEvents(events));
                return drain(client.lookup(MailboxServer.REGISTRATION, MailboxPullRegistration.class), events);
            }
        } finally {
            server.getOutputStream().close(); // the server's stdin: it stops
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /**
     * Events/s of push delivery of {@code events} stored events to one target (one registration: one event in
     * flight at a time, in arrival order), in this JVM or exported with plain RMI on 127.0.0.1.
     */
    private static double push(int events, Marshaller marshaller, boolean overRmi) throws Exception {
        Store store = Stores.memory();
        SystemClock clock = new SystemClock("bench-mailbox-timer");
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, MailboxServices.delivery(Events.ROOMY),
                "bench-mailbox-events");
        MailboxServices.Running service = MailboxServices.start(clock, marshaller, store, delivery, Events.ROOMY);
        MailboxPullRegistration registration = service.proxy().pullRegister(3_600_000);
        RemoteEventListener listener = registration.getListener();
        Events made = new Events(DRAIN_BYTES);
        for (long i = 1; i <= events; i++) {
            listener.notify(made.event("generator", i));
        }
        java.util.concurrent.CountDownLatch all = new java.util.concurrent.CountDownLatch(events);
        CountingListener counting = new CountingListener(all);
        RemoteEventListener target = overRmi ? (RemoteEventListener) java.rmi.server.UnicastRemoteObject
                .exportObject(counting, 0, null, new LoopbackServerSockets()) : counting;
        long start = System.nanoTime();
        registration.enableDelivery(target);
        if (!all.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("push delivered " + (events - all.getCount()) + " of " + events);
        }
        long nanos = System.nanoTime() - start;
        if (overRmi) {
            java.rmi.server.UnicastRemoteObject.unexportObject(counting, true);
        }
        service.close();
        delivery.close();
        clock.close();
        Stores.close(store);
        return events / (nanos / 1e9);
    }

    /** A target that counts what it is sent (serializable, as the mailbox records its target). */
    private static final class CountingListener implements RemoteEventListener, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final transient java.util.concurrent.CountDownLatch all;

        CountingListener(java.util.concurrent.CountDownLatch all) {
            this.all = all;
        }

        @Override
        public void notify(RemoteEvent event) {
            all.countDown();
        }
    }

    /** Server sockets on 127.0.0.1 only. */
    private static final class LoopbackServerSockets implements java.rmi.server.RMIServerSocketFactory {
        @Override
        public java.net.ServerSocket createServerSocket(int port) throws java.io.IOException {
            return new java.net.ServerSocket(port, 50, java.net.InetAddress.getLoopbackAddress());
        }
    }

    /** The events of the untimed drain before each timed one: a fifth as many. */
    static int warmUpEvents(int events) {
        return Math.max(1, events / 5);
    }

    /** Events/s of one iterator taking {@code events} events; fails if any is missing or comes twice. */
    private static double drain(MailboxPullRegistration registration, int events) throws Exception {
        RemoteEventIterator iterator = registration.getRemoteEvents();
        long start = System.nanoTime();
        long expected = 1;
        for (RemoteEvent event; expected <= events && (event = iterator.next(0)) != null; expected++) {
            if (event.getSequenceNumber() != expected) {
                throw new IllegalStateException("event " + event.getSequenceNumber() + " where " + expected
                        + " was due");
            }
        }
        long nanos = System.nanoTime() - start;
        if (expected != events + 1L) {
            throw new IllegalStateException("drained " + (expected - 1) + " of " + events + " events");
        }
        iterator.close();
        return events / (nanos / 1e9);
    }

    /** One writer's step. */
    private interface Step {
        void run(int writer) throws Exception;
    }

    /** Runs {@code step} in {@code writers} threads for a third of {@code seconds} (warm-up), then counts. */
    private static double loop(int writers, int seconds, Step step) throws Exception {
        AtomicBoolean counting = new AtomicBoolean();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong done = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Thread thread = new Thread(() -> {
                try {
                    while (running.get()) {
                        step.run(writer);
                        if (counting.get()) {
                            done.incrementAndGet();
                        }
                    }
                } catch (Exception e) {
                    failures.add(e);
                }
            }, "bench-writer-" + w);
            threads.add(thread);
            thread.start();
        }
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds) / 3); // warm-up
        counting.set(true);
        long start = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        long count = done.get();
        long nanos = System.nanoTime() - start;
        running.set(false);
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a writer failed", failures.get(0));
        }
        return count / (nanos / 1e9);
    }

    private static void say(String line) {
        System.err.println(line);
    }

}
