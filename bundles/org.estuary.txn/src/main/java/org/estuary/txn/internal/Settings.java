package org.estuary.txn.internal;

import org.estuary.core.component.Bounds;
import org.estuary.lease.LeasePolicy;

/**
 * The manager's settings, checked once: each bound is positive and says in its error which setting to change.
 *
 * @param leasePolicy how a transaction's requested lease becomes the granted one (TX.2.1)
 * @param maxActive transactions not yet completed at most; beyond, {@code create} is refused
 * @param maxActivePerClient transactions one client created and not yet completed at most; beyond, its
 *     {@code create} is refused
 * @param maxParticipants participants one transaction holds at most; beyond, {@code join} and {@code promote} are
 *     refused
 * @param threads calls to participants (prepare, commit, abort) in parallel
 * @param queue calls waiting for a thread at most; a call beyond it waits for its retry
 * @param voteMillis how long a commit's vote may take, retries of {@code RemoteException}s included; a participant
 *     that has not voted by then aborts the transaction (TX.2.7)
 * @param retryInitialMillis wait before a failed call to a participant is repeated; doubles after each failure
 * @param retryMaxMillis longest wait between two calls to a participant
 * @param abortNoticeMillis how long participants are told of an abort before the manager gives up on them
 * @param retentionMillis how long a completed transaction is remembered (its outcome answered) after every
 *     participant heard it
 * @param writeTimeoutMillis longest a commit waits for its commit point to be durable
 * @param slowCallMillis how long a call to a participant on the participant threads runs before it is set aside
 *     and no longer counts against {@code threads}
 * @param maxSlowCalls participant calls set aside at once at most; beyond, a slow call keeps counting
 */
record Settings(LeasePolicy leasePolicy, int maxActive, int maxActivePerClient, int maxParticipants, int threads,
        int queue, long voteMillis, long retryInitialMillis, long retryMaxMillis, long abortNoticeMillis,
        long retentionMillis, long writeTimeoutMillis, long slowCallMillis, int maxSlowCalls) {

    Settings {
        Bounds.positive("max.active", maxActive);
        Bounds.positive("max.active.per.client", maxActivePerClient);
        Bounds.positive("max.participants", maxParticipants);
        Bounds.positive("threads", threads);
        Bounds.positive("queue", queue);
        Bounds.positive("vote.ms", voteMillis);
        Bounds.positive("retry.initial.ms", retryInitialMillis);
        Bounds.positive("retry.max.ms", retryMaxMillis);
        Bounds.positive("abort.notice.ms", abortNoticeMillis);
        Bounds.notNegative("retention.ms", retentionMillis);
        Bounds.positive("store.write.timeout.ms", writeTimeoutMillis);
        Bounds.positive("slow.call.ms", slowCallMillis);
        Bounds.notNegative("slow.calls.max", maxSlowCalls);
        if (retryMaxMillis < retryInitialMillis) {
            throw new IllegalArgumentException("retry.max.ms (" + retryMaxMillis + ") must be at least "
                    + "retry.initial.ms (" + retryInitialMillis + ")");
        }
    }

    /** The wait before attempt {@code attempt + 1} of a call that failed {@code attempt} times. */
    long backoff(int attempt) {
        long delay = retryInitialMillis;
        for (int i = 1; i < attempt && delay < retryMaxMillis; i++) {
            delay *= 2;
        }
        return Math.min(delay, retryMaxMillis);
    }

    @Override
    public String toString() {
        return "lease default " + leasePolicy.defaultDuration() + " ms, maximum " + leasePolicy.maximumDuration()
                + " ms, max.active=" + maxActive + ", max.active.per.client=" + maxActivePerClient
                + ", max.participants=" + maxParticipants + ", threads=" + threads
                + ", queue=" + queue + ", vote.ms=" + voteMillis + ", retry " + retryInitialMillis + ".."
                + retryMaxMillis + " ms, abort.notice.ms=" + abortNoticeMillis + ", retention.ms=" + retentionMillis
                + ", store.write.timeout.ms=" + writeTimeoutMillis + ", slow.call.ms=" + slowCallMillis
                + ", slow.calls.max=" + maxSlowCalls;
    }
}
