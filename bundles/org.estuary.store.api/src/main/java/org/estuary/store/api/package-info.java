/**
 * The store SPI Estuary's services persist through.
 *
 * <p>A service keeps its authoritative state in memory and writes every mutation through its bound
 * {@link org.estuary.store.api.Store} as an atomic {@link org.estuary.store.api.Batch} before it answers the
 * caller; on activation it rebuilds its state with {@link org.estuary.store.api.Store#scan}. Records are keyed by
 * (space, key) and carry opaque bytes the service alone understands. Backends (memory, rocksdb, jdbc) are DS
 * components that publish the {@value org.estuary.store.api.Store#TYPE} service property; services name their
 * reference {@value org.estuary.store.api.Store#REFERENCE} and expose {@code store.target} in their
 * configuration. The contract every backend keeps is written on {@link org.estuary.store.api.Store} (S1 to S8)
 * and checked by the conformance suite this module's test jar ships; a backend's DS component extends
 * {@link org.estuary.store.api.StoreComponent}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("5.2.0")
package org.estuary.store.api;
