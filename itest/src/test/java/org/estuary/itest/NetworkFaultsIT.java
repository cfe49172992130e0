package org.estuary.itest;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.estuary.remote.RemoteSettings;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.Test;

/**
 * Network faults between remote clients and the distribution (embedded store): the container listens on 127.0.0.2
 * and writes 127.0.0.1 into its stubs, where {@link TcpProxy}s of the test forward to its registry, object and service
 * ports,
 * so every call of the clients (renewal, mailbox and transaction load, as in the kill loop) crosses a proxy. The
 * proxies black-hole the connections (open and silent), reset them, and delay every chunk; meanwhile calls fail with
 * an indefinite {@code RemoteException} once the clients' call time-out passes, never with a wrong answer (US.2.6),
 * and once the network is back the same proxies are served again and nothing acknowledged is lost.
 */
public class NetworkFaultsIT {

    /** The clients give up on a call after this long: a black hole then fails calls within the test's bounds. */
    private static final long CALL_TIMEOUT_MS = 5_000;
    private static final String HIDDEN = "127.0.0.2";

    @Test
    public void callsFailIndefinitelyWhileTheNetworkIsDownAndNothingAcknowledgedIsLost() throws Exception {
        int objectPort = LoopbackPorts.free();
        int servicePort = LoopbackPorts.free();
        RunningDistribution karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()), home -> {
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "bind.address", HIDDEN);
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "advertise.host", "127.0.0.1");
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "object.port",
                    Integer.toString(objectPort));
            Processes.setProperty(home.resolve("etc/org.estuary.remote.cfg"), "service.port",
                    Integer.toString(servicePort));
        });
        List<TcpProxy> proxies = new ArrayList<>();
        EstuaryClient client = null;
        RenewalFaultClient renewal = null;
        try {
            // the registry's port, the objects' and the services' port, each behind a proxy
            for (int port : new int[] {karaf.registryPort, objectPort, servicePort}) {
                proxies.add(new TcpProxy(new InetSocketAddress("127.0.0.1", port), new InetSocketAddress(HIDDEN,
                        port)));
            }
            karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class);
            client = EstuaryClient.connect("127.0.0.1", karaf.registryPort, RemoteSettings.builder()
                    .callTimeoutMs(CALL_TIMEOUT_MS).build());
            renewal = new RenewalFaultClient(client);
            ProxyFaults.inject("NetworkFaultsIT", karaf,
                    List.of(renewal, new MailboxFaultClient(client), new TxnFaultClient(client)), proxies, 0);
        } finally {
            if (renewal != null) {
                renewal.close();
            }
            if (client != null) {
                client.close();
            }
            for (TcpProxy proxy : proxies) {
                proxy.close();
            }
            karaf.close();
        }
    }
}
