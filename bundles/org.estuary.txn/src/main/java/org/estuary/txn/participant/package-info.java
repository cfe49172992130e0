/**
 * What a participant needs to keep its side of TX.2.6 and TX.2.8: {@link PrepareLog}, its durable prepare records
 * and crash count on any Estuary store; {@link RollDecision}, the TX.2.8.1 roll decision through the manager's
 * {@code getState}, applied to every record on recovery; {@link NotChangedWindow}, the NOTCHANGED votes a
 * well-behaved participant keeps answering for a while.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.txn.participant;
