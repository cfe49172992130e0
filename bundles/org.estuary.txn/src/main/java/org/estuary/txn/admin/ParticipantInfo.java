package org.estuary.txn.admin;

/**
 * One participant of a transaction as operators see it.
 *
 * @param index its place in the order participants joined, from 1
 * @param participant its description (the text of the client's object)
 * @param crashCount the crash count it joined with
 * @param vote "not voted", PREPARED, NOTCHANGED, ABORTED or COMMITTED (prepareAndCommit)
 * @param done whether it heard the outcome (or needs to hear nothing)
 * @param failures failed calls to it in a row (retried with back-off)
 * @param lastFailure the last failed call's exception, else null
 */
@org.osgi.annotation.versioning.ProviderType
public record ParticipantInfo(long index, String participant, long crashCount, String vote, boolean done,
        int failures, String lastFailure) {
}
