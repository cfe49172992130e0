/**
 * The client's view of transactions with the default transaction semantics: the {@code Transaction} and
 * {@code NestableTransaction} interfaces, the {@code TransactionFactory} and the exceptions of the two-phase
 * commit protocol (Transactions, TX.2 and TX.3).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.transaction;
