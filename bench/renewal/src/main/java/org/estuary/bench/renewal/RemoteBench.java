package org.estuary.bench.renewal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;

import io.etcd.jetcd.Client;

/**
 * Part (b)'s client JVM: at each concurrency, Estuary renewal-set leases renewed through Estuary's remote client
 * ({@link EstuaryClient} against {@link RenewalServer}), then etcd lease keepalives against the etcd server through
 * jetcd, twice: with jetcd's {@code Lease.keepAliveOnce} (side {@code etcd}) and over one long-lived keepalive
 * stream per client ({@link EtcdStreams}, side {@code etcd-stream}); all through the same {@link Driver}. Each client holds its own lease: an Estuary client its own renewal
 * set's lease ({@code LeaseRenewalSet.getRenewalSetLease().renew(60 s)}), an etcd client its own lease (granted
 * with a 60 s TTL, {@code Lease.keepAliveOnce}). Args: estuary registry port, etcd endpoint, seconds per
 * measurement, warm-up seconds, concurrencies (comma separated), thread cap. Before the first point each server
 * is driven by {@value #WARMUP_CLIENTS} clients for {@value #SERVER_WARMUP_SECONDS} s. Prints one
 * {@code remote ...} line per side and concurrency.
 */
public final class RemoteBench {

    static final long RENEW_MILLIS = 60_000;
    /** How long each server is driven, by {@link #WARMUP_CLIENTS} clients, before the first point. */
    static final double SERVER_WARMUP_SECONDS = 20;
    static final int WARMUP_CLIENTS = 50;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String endpoint = args[1];
        double seconds = Double.parseDouble(args[2]);
        double warmup = Double.parseDouble(args[3]);
        String[] levels = args[4].split(",");
        int threadCap = Integer.parseInt(args[5]);

        java.net.URI etcdUri = java.net.URI.create(endpoint);
        try (EstuaryClient estuary = EstuaryClient.connect("127.0.0.1", port);
                Client etcd = Client.builder().endpoints(endpoint).build();
                EtcdStreams streams = new EtcdStreams(etcdUri.getHost(), etcdUri.getPort())) {
            LeaseRenewalService service = estuary.lookup(LeaseRenewalService.class);
            io.etcd.jetcd.Lease etcdLeases = etcd.getLeaseClient();
            // The servers run before the first point as they would in service: the Estuary server's JVM, started
            // for the run, compiles its remote path for tens of seconds (measured in its first seconds, one client
            // got about half the warm rate); etcd is driven alike, half of the time through each of its two ways.
            warm(service, etcdLeases, streams, WARMUP_CLIENTS);
            for (String level : levels) {
                int clients = Integer.parseInt(level.trim());
                int threads = Math.min(clients, threadCap);
                List<Lease> setLeases = new ArrayList<>();
                report("estuary", clients, threads, warmup, seconds, estuaryClients(service, clients, setLeases));
                List<Long> ids = new ArrayList<>();
                report("etcd", clients, threads, warmup, seconds, etcdClients(etcdLeases, clients, ids));
                report("etcd-stream", clients, threads, warmup, seconds, streamClients(streams, ids));
                release(setLeases, etcdLeases, ids);
            }
        }
        System.exit(0); // jetcd's and RMI's non-daemon threads
    }

    /** Drives both servers with {@code clients} clients, unmeasured, for {@link #SERVER_WARMUP_SECONDS} each. */
    private static void warm(LeaseRenewalService service, io.etcd.jetcd.Lease etcdLeases, EtcdStreams streams,
            int clients) throws Exception {
        List<Lease> setLeases = new ArrayList<>();
        Driver.run(estuaryClients(service, clients, setLeases), clients, SERVER_WARMUP_SECONDS);
        List<Long> ids = new ArrayList<>();
        Driver.run(etcdClients(etcdLeases, clients, ids), clients, SERVER_WARMUP_SECONDS / 2);
        Driver.run(streamClients(streams, ids), clients, SERVER_WARMUP_SECONDS / 2);
        release(setLeases, etcdLeases, ids);
        System.out.printf("warmup seconds=%.0f clients=%d (each server)%n", SERVER_WARMUP_SECONDS, clients);
        System.out.flush();
    }

    /** {@code clients} renewal sets, each renewing its own set's lease; their leases added to {@code made}. */
    private static List<Driver.Client> estuaryClients(LeaseRenewalService service, int clients, List<Lease> made)
            throws Exception {
        List<Driver.Client> driven = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            LeaseRenewalSet set = service.createLeaseRenewalSet(RENEW_MILLIS);
            Lease lease = set.getRenewalSetLease();
            made.add(lease);
            driven.add(() -> lease.renew(RENEW_MILLIS));
        }
        return driven;
    }

    /** {@code clients} etcd leases, each kept alive with {@code keepAliveOnce}; their ids added to {@code made}. */
    private static List<Driver.Client> etcdClients(io.etcd.jetcd.Lease etcdLeases, int clients, List<Long> made)
            throws Exception {
        List<Driver.Client> driven = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            long id = etcdLeases.grant(RENEW_MILLIS / 1000).get(30, TimeUnit.SECONDS).getID();
            made.add(id);
            driven.add(() -> {
                long ttl = etcdLeases.keepAliveOnce(id).get(30, TimeUnit.SECONDS).getTTL();
                if (ttl <= 0) {
                    throw new IllegalStateException("etcd lease " + id + " is gone (TTL " + ttl + ")");
                }
            });
        }
        return driven;
    }

    /** The etcd leases {@code ids}, each kept alive over a stream of its own. */
    private static List<Driver.Client> streamClients(EtcdStreams streams, List<Long> ids) {
        List<Driver.Client> driven = new ArrayList<>();
        for (long id : ids) {
            driven.add(streams.client(id));
        }
        return driven;
    }

    private static void release(List<Lease> setLeases, io.etcd.jetcd.Lease etcdLeases, List<Long> ids)
            throws Exception {
        for (Lease lease : setLeases) {
            lease.cancel();
        }
        for (long id : ids) {
            etcdLeases.revoke(id).get(30, TimeUnit.SECONDS);
        }
    }

    private static void report(String side, int clients, int threads, double warmup, double seconds,
            List<Driver.Client> driven) throws InterruptedException {
        Driver.run(driven, threads, warmup);
        Driver.Result r = Driver.run(driven, threads, seconds);
        System.out.printf("remote side=%s clients=%d threads=%d seconds=%.1f requests=%d requests_per_s=%.0f "
                + "p50_us=%.1f p99_us=%.1f errors=%d%s%n", side, clients, threads, r.seconds, r.calls,
                r.perSecond(), r.percentileMicros(0.50), r.percentileMicros(0.99), r.errors,
                r.firstError == null ? "" : " first_error=" + r.firstError.replace(' ', '_'));
        System.out.flush();
    }
}
