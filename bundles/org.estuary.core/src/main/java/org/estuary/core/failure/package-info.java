/**
 * The one place that decides whether a failed remote call is worth retrying ("indefinite") or final
 * ("definite"), in the sense of the Jini helper-services introduction (US.2.6) that LR, EM and LD refer to.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.core.failure;
