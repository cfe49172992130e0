package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.time.Duration;
import java.util.List;

/**
 * The network faults of the fault suite, injected through {@link TcpProxy}s under the kill loop's load (two threads
 * per client): a black hole (connections open and silent, new ones held), three resets of every open connection,
 * then a delay of 200 ms on every chunk. While the black hole lasts, calls fail with an indefinite
 * {@code RemoteException}, never with a wrong answer (US.2.6); after each fault the same proxies are served again;
 * at the end every client checks that nothing it had acknowledged was lost.
 */
final class ProxyFaults {

    private static final Duration BOUND = Duration.ofSeconds(120);

    private ProxyFaults() {
    }

    /**
     * Runs the faults on {@code proxies} with the load of {@code clients} on {@code karaf}, the black hole lasting at
     * least {@code blackHoleMs} after the first calls failed in it, and prints {@code test}'s summary line.
     */
    static void inject(String test, RunningDistribution karaf, List<FaultClient> clients, List<TcpProxy> proxies,
            long blackHoleMs) throws Exception {
        FaultLoad load = new FaultLoad(clients, 2, 1);
        try {
            load.awaitProgress(karaf, BOUND);

            proxies.forEach(TcpProxy::blackHole);
            long failed = load.indefinite();
            karaf.await("calls failing indefinitely behind the black hole", BOUND,
                    () -> load.indefinite() >= failed + clients.size() || load.wrong() != null);
            Thread.sleep(blackHoleMs); // the fault itself: the peer unreachable for this long
            proxies.forEach(TcpProxy::forward);
            load.awaitProgress(karaf, BOUND);

            for (int i = 0; i < 3; i++) {
                proxies.forEach(TcpProxy::drop);
                load.awaitProgress(karaf, BOUND);
            }

            proxies.forEach(proxy -> proxy.delay(200));
            load.awaitProgress(karaf, BOUND);
            proxies.forEach(TcpProxy::forward);
        } finally {
            load.stop();
        }
        assertNull("a wrong answer, not an indefinite failure, under network faults", load.wrong());
        List<String> lost = FaultClient.checkAll(clients);
        System.out.println(test + ": " + load.indefinite() + " calls failed indefinitely; lost " + lost.size());
        assertEquals("acknowledged changes lost across network faults", List.of(), lost);
    }
}
