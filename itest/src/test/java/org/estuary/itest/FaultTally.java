package org.estuary.itest;

/**
 * The counts of a fault run and its summary line, {@code faults: kills=<n> lost=<n> failovers=<n>
 * max_failover_ms=<n>}, which {@code bench/run faults} ends with.
 */
final class FaultTally {

    private int kills;
    private int lost;
    private int failovers;
    private long maxFailoverMs;

    synchronized void kill() {
        kills++;
    }

    synchronized void lost(int count) {
        lost += count;
    }

    /** A standby took over from a killed or paused active container after {@code ms}. */
    synchronized void failover(long ms) {
        failovers++;
        maxFailoverMs = Math.max(maxFailoverMs, ms);
    }

    synchronized int kills() {
        return kills;
    }

    synchronized int lost() {
        return lost;
    }

    synchronized String summary() {
        return "faults: kills=" + kills + " lost=" + lost + " failovers=" + failovers + " max_failover_ms="
                + maxFailoverMs;
    }
}
