/**
 * Marshalling that works in OSGi and a deserialization allowlist for every stream that reads input the service did
 * not write itself.
 *
 * <p>A {@link org.estuary.io.MarshalOutputStream} annotates each class with the bundle that defines it (symbolic
 * name and version, {@link org.estuary.io.BundleId}); a {@link org.estuary.io.MarshalInputStream} resolves each
 * class through that bundle, or the newest installed bundle of the same name, or a fallback class loader. Objects
 * a service keeps for its clients without understanding them (client leases, handbacks, registrar proxies) are
 * held as {@link org.estuary.io.Marshalled} bytes and unmarshalled only when needed. Every input stream carries a
 * {@link org.estuary.io.SerialFilter}: a JEP 290 allowlist of class-name patterns with depth, array-length,
 * reference and byte limits.
 *
 * <p>Get a {@link org.estuary.io.Marshaller} from the OSGi service registry (configured through ConfigAdmin, PID
 * {@code org.estuary.io.marshaller}) or build one with {@link org.estuary.io.Marshallers#builder()} in plain Java.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.8.0")
package org.estuary.io;
