package org.estuary.txn.internal;

import java.io.IOException;

/**
 * The transaction manager over JMX ({@value #OBJECT_NAME}): the same pages, action and metrics as the console and
 * the shell, in open types; ids are the unsigned decimal text of {@code org.estuary.management.Ids}.
 */
public interface TxnAdminMXBean {

    String OBJECT_NAME = "org.estuary:type=TransactionManager";

    /** The metrics of {@code TxnAdmin.metrics()}. */
    java.util.Map<String, Long> getMetrics();

    /** One line per transaction: "id state phase participants=N parent=... reason=...". */
    String[] transactions(long offset, int limit);

    /** One line per participant: "index vote done=yes|no failures=N participant". */
    String[] participants(String id, long offset, int limit);

    boolean abort(String id) throws IOException;
}
