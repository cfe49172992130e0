package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.LeaseUnmarshalException;

import org.estuary.client.EstuaryClient;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The RocksDB store in the distribution, as its README tells operators to use it: {@code feature:install
 * estuary-store-rocksdb} (offline: the distribution carries the feature), then the lease renewal service pointed at
 * it with {@code store.target}. Its sets, created after the switch and so kept only in RocksDB, survive an orderly
 * restart and a container killed with SIGKILL; a set cancelled before stays cancelled (LR.2).
 */
public class RocksDurabilityIT {

    private static final long HOUR = 3_600_000L;

    private static RunningDistribution karaf;

    @BeforeClass
    public static void start() throws Exception {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        karaf.awaitBound(LeaseRenewalService.class);
    }

    @AfterClass
    public static void stop() throws Exception {
        if (karaf != null) {
            karaf.close();
        }
    }

    @Test
    public void setsKeptInRocksDbSurviveRestartAndKill() throws Exception {
        String installed = karaf.ssh("feature:install estuary-store-rocksdb");
        assertTrue("feature:install ran: " + installed, installed.isBlank());
        String targeted = karaf.ssh("config:property-set -p org.estuary.renewal store.target "
                + "\"(store.type=rocksdb)\"");
        assertTrue("store.target set: " + targeted, targeted.isBlank());
        awaitRenewalOnRocksDb();

        List<LeaseRenewalSet> kept = new ArrayList<>();
        LeaseRenewalSet cancelled;
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", karaf.registryPort)) {
            LeaseRenewalService service = client.lookup(LeaseRenewalService.class);
            for (int i = 0; i < 3; i++) {
                kept.add(service.createLeaseRenewalSet(HOUR));
            }
            cancelled = service.createLeaseRenewalSet(HOUR);
            cancelled.getRenewalSetLease().cancel();
            assertKept(kept, cancelled);
        }

        karaf = karaf.restart();
        karaf.awaitBound(LeaseRenewalService.class);
        awaitRenewalOnRocksDb();
        assertKept(kept, cancelled);

        karaf = karaf.crashAndRestart();
        karaf.awaitBound(LeaseRenewalService.class);
        awaitRenewalOnRocksDb();
        assertKept(kept, cancelled);
    }

    /** The stores table lists the RocksDB store with the renewal bundle among its users. */
    private static void awaitRenewalOnRocksDb() throws InterruptedException {
        karaf.await("the renewal service bound to the RocksDB store", Duration.ofSeconds(120), () -> {
            try {
                return karaf.ssh("estuary:stores").lines().anyMatch(line -> line.contains("rocksdb")
                        && line.contains("org.estuary.renewal"));
            } catch (Exception notYet) {
                return false;
            }
        });
    }

    /** Every kept set answers through the proxy handed out before; the cancelled one is gone (LR.2). */
    private static void assertKept(List<LeaseRenewalSet> kept, LeaseRenewalSet cancelled) throws Exception {
        karaf.await("the kept sets answer", Duration.ofSeconds(60), () -> {
            try {
                kept.get(0).getLeases();
                return true;
            } catch (NoSuchObjectException lost) {
                throw new AssertionError("a kept set is gone", lost);
            } catch (RemoteException | LeaseUnmarshalException notYet) {
                return false;
            }
        });
        for (LeaseRenewalSet set : kept) {
            assertEquals("a kept set holds no leases", 0, set.getLeases().length);
        }
        try {
            cancelled.getLeases();
            fail("the cancelled set answered");
        } catch (NoSuchObjectException expected) {
            // LR.2: a cancelled set is gone for good
        }
    }
}
