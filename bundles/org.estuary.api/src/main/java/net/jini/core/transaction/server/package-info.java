/**
 * The manager and participant side of the two-phase commit protocol: {@code TransactionManager},
 * {@code NestableTransactionManager}, {@code TransactionParticipant}, the state constants, and the
 * {@code ServerTransaction} classes that implement the default semantics (Transactions, TX.2 and TX.3.3).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.transaction.server;
