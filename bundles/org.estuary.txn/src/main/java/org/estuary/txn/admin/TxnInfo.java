package org.estuary.txn.admin;

/**
 * One transaction as operators see it.
 *
 * @param id its id
 * @param state ACTIVE, VOTING, COMMITTED or ABORTED (TX.2.4)
 * @param phase what the manager does with it now: "open", "voting", "committing" (commit point being written),
 *     "rolling forward", "telling participants", "completed"
 * @param expiration its lease's expiration (epoch milliseconds) while ACTIVE
 * @param participants how many participants it has
 * @param parent the parent's id and manager when nested, else null
 * @param abortReason why it aborted, else null
 */
@org.osgi.annotation.versioning.ProviderType
public record TxnInfo(long id, String state, String phase, long expiration, int participants, String parent,
        String abortReason) {
}
