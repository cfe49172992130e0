package org.estuary.bench.mailbox;

import net.jini.core.event.RemoteEventListener;
import net.jini.event.MailboxPullRegistration;

import org.estuary.core.time.SystemClock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshallers;
import org.estuary.mailbox.testing.MailboxServices;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.store.api.Store;

/**
 * The server JVM of the remote pull drain: a mailbox on the memory store, exported through Estuary's
 * {@link RmiExporter} on 127.0.0.1:PORT, with one pull registration holding EVENTS stored events of SIZE bytes,
 * bound in the registry as {@value #REGISTRATION}, and one of a fifth as many for the warm-up, {@value #WARM_UP}.
 * Prints READY, then serves until its stdin closes. Args: PORT EVENTS SIZE, then optionally {@code embedded DIR}: the embedded store (RocksDB) in DIR (the remote client
 * operations, {@link ClientOpsBench}) instead of the memory store.
 */
public final class MailboxServer {

    static final String REGISTRATION = "bench-mailbox-registration";
    /** A registration drained first, untimed, so the JIT has compiled both sides' paths before the timed drain. */
    static final String WARM_UP = "bench-mailbox-warm-up";

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int events = Integer.parseInt(args[1]);
        int size = Integer.parseInt(args[2]);
        SystemClock clock = new SystemClock("bench-mailbox-timer");
        Store store = args.length > 4 && args[3].equals("embedded") ? Stores.embedded(args[4]) : Stores.memory();
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, MailboxServices.delivery(Events.ROOMY),
                "bench-mailbox-events");
        MailboxServices.Running service = MailboxServices.start(clock,
                Marshallers.builder().classLoader(MailboxServer.class.getClassLoader()).build(), store, delivery,
                Events.ROOMY);
        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
        service.export(exporter);
        Events made = new Events(size);
        // the proxies are serializable
        exporter.bind(WARM_UP, (java.io.Serializable) filled(service, made, MailboxBench.warmUpEvents(events)));
        exporter.bind(REGISTRATION, (java.io.Serializable) filled(service, made, events));
        System.out.println("READY");
        System.out.flush();
        System.in.read(); // until the benchmark closes our stdin (or stops us by PID)
        exporter.close();
        service.close();
        delivery.close();
        clock.close();
        Stores.close(store);
    }

    /** A new pull registration holding {@code events} stored events. */
    static MailboxPullRegistration filled(MailboxServices.Running service, Events made, int events) throws Exception {
        MailboxPullRegistration registration = service.proxy().pullRegister(3_600_000);
        RemoteEventListener listener = registration.getListener();
        for (long i = 1; i <= events; i++) {
            listener.notify(made.event("server", i));
        }
        return registration;
    }
}
