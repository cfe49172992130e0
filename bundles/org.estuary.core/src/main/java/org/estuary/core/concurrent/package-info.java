/**
 * Executors with bounds: {@link org.estuary.core.concurrent.Pools#bounded}, a fixed number of named daemon threads
 * and a bounded queue, the executor every Estuary service creates for its own work (renewals, event delivery).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.core.concurrent;
