/**
 * Text that comes from outside (a client's {@code toString()}, a user name, a peer's address) made safe to show to
 * an operator: {@link org.estuary.core.text.OneLine}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.core.text;
