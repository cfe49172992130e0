/**
 * What a persistent service's landlord is made of: the {@link org.estuary.lease.durable.DurableLandlord} whose
 * renewals and cancellations are recorded through the service's {@code org.estuary.store.api.WritePath} before the
 * client learns of them (LE.2.2, Store S3), over resources that extend
 * {@link org.estuary.lease.durable.LeasedResource}, and the {@link org.estuary.lease.durable.ForwardingLandlord} a
 * service's backend extends to answer as its landlord. Apart from {@code org.estuary.lease}, which grants leases
 * with no store (a plain Java client's own landlord), so that only grantors that persist need
 * {@code org.estuary.store.api}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.4.0")
package org.estuary.lease.durable;
