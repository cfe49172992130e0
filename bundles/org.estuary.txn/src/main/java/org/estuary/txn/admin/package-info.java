/**
 * What operators see of the transaction manager: its transactions and their participants, page by page, aborting
 * one, and its metrics. Registered as a service by the manager's component; its {@code ServiceView} (shell and web
 * console) and its MXBean are made from it.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.txn.admin;
