package org.estuary.itest;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.estuary.remote.RemoteSettings;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Network faults between the distribution and its PostgreSQL (the jdbc store): the container's DataSource reaches
 * the test's private PostgreSQL server through a {@link TcpProxy} of the test, and the services run on the jdbc
 * store. Under the kill loop's load on the renewal service, the event mailbox and the transaction manager the proxy
 * black-holes the database connections (open and silent) for longer than the driver's socket time-out, resets them,
 * and delays every chunk ({@link ProxyFaults}); meanwhile calls fail with an indefinite {@code RemoteException}
 * (US.2.6: the store could not say whether a write happened), never with a wrong answer, and once the database is
 * reachable again the same proxies are served again and nothing acknowledged is lost. A commit whose commit point
 * the store could not make durable (a reset before the database committed it) is aborted, a definite
 * {@code CannotCommitException} that TX.2.8 allows short of the commit point: {@link TxnFaultClient} checks that no
 * participant committed it.
 */
public class DatabaseFaultsIT {

    /** The clients give up on a call after this long, so a call held behind the black hole fails within the bound. */
    private static final long CALL_TIMEOUT_MS = 5_000;
    /** The driver gives up on a statement without an answer after this long (the DataSource's socketTimeout). */
    private static final int SOCKET_TIMEOUT_S = 10;
    /** How long the database stays behind the black hole: past the driver's socket time-out. */
    private static final long BLACK_HOLE_MS = (SOCKET_TIMEOUT_S + 5) * 1_000L;

    @AfterClass
    public static void stopPostgres() throws Exception {
        PrivatePostgres.stop();
    }

    @Test
    public void callsFailIndefinitelyWhileTheDatabaseIsUnreachableAndNothingAcknowledgedIsLost() throws Exception {
        int proxyPort = LoopbackPorts.free();
        TcpProxy proxy = new TcpProxy(new InetSocketAddress("127.0.0.1", proxyPort),
                new InetSocketAddress("127.0.0.1", PrivatePostgres.port()));
        RunningDistribution karaf = null;
        EstuaryClient client = null;
        RenewalFaultClient renewal = null;
        try {
            karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()),
                    JdbcSetup.jdbcStore(proxyPort, "faults_", "estuary-faults", SOCKET_TIMEOUT_S));
            karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class);
            // the services move onto the jdbc store once it starts (it outranks the embedded store)
            RunningDistribution started = karaf;
            started.await("the jdbc store active", Duration.ofSeconds(120),
                    () -> started.logged("Estuary jdbc store active") > 0);
            client = EstuaryClient.connect("127.0.0.1", karaf.registryPort, RemoteSettings.builder()
                    .callTimeoutMs(CALL_TIMEOUT_MS).build());
            renewal = new RenewalFaultClient(client);
            TxnFaultClient txn = new TxnFaultClient(client);
            ProxyFaults.inject("DatabaseFaultsIT", karaf, List.of(renewal, new MailboxFaultClient(client), txn),
                    List.of(proxy), BLACK_HOLE_MS);
            System.out.println("DatabaseFaultsIT: " + txn.aborted() + " commits answered CannotCommitException "
                    + "(a commit point the store could not make durable), none committed at a participant");
        } finally {
            if (renewal != null) {
                renewal.close();
            }
            if (client != null) {
                client.close();
            }
            proxy.close();
            if (karaf != null) {
                karaf.close();
            }
        }
    }
}
