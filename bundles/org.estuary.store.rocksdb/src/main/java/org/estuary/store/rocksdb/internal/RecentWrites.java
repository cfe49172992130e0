package org.estuary.store.rocksdb.internal;

/**
 * The footprints of the last batches written, so that the store can tell, under its write lock, whether a batch
 * planned outside it read what is still current: no batch written since its lookups began touched its keys or
 * cleared their spaces (Store S2, S5: each batch is measured against every batch accepted before it). A plan older
 * than the batches remembered here is planned again.
 *
 * <p>Guarded by the store's write lock; {@link #count} is read without it, by a planner before its lookups.
 */
final class RecentWrites {

    private final BatchPlan.Footprint[] ring;
    private volatile long count;

    RecentWrites(int capacity) {
        this.ring = new BatchPlan.Footprint[capacity];
    }

    /** Batches written so far. */
    long count() {
        return count;
    }

    /** Records a batch just written with this plan. */
    void add(BatchPlan plan) {
        ring[(int) (count % ring.length)] = plan.footprint;
        count = count + 1;
    }

    /** Whether what {@code plan} read is unchanged by every batch written since it began reading. */
    boolean current(BatchPlan plan) {
        long now = count;
        if (now - plan.seen > ring.length) {
            return false;
        }
        for (long n = plan.seen; n < now; n++) {
            if (ring[(int) (n % ring.length)].changes(plan.footprint)) {
                return false;
            }
        }
        return true;
    }
}
