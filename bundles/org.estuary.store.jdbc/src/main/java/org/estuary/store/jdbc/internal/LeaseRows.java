package org.estuary.store.jdbc.internal;

import java.sql.SQLException;

/** The failover lease table as the {@link LeaseKeeper} uses it; times are the database's. */
interface LeaseRows {

    /** A term: its fencing token and when it began (epoch milliseconds). */
    record Term(long token, long sinceMillis) {
    }

    /** Who holds a lease: member, endpoint, token, term start and expiry (epoch milliseconds). */
    record Holder(String member, String endpoint, long token, long sinceMillis, long expiresMillis) {
    }

    /** Takes the lease if it is free or ran out: the new term, or null if another container holds it. */
    Term acquire(String instance, String member, String endpoint, long leaseMillis) throws SQLException;

    /** Extends the term; false if it no longer holds (ran out, or another container took over). */
    boolean renew(String instance, String member, long token, long leaseMillis) throws SQLException;

    /** Ends the term now, so that a standby takes over at its next heartbeat. */
    void release(String instance, String member, long token) throws SQLException;

    /** The holder of the lease, or null if no container ever held it. */
    Holder holder(String instance) throws SQLException;
}
