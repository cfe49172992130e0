/**
 * Rules that span several attributes of an Estuary PID's configuration (a default no larger than its maximum),
 * which a metatype cannot express. A service registers a {@link org.estuary.config.ConfigurationRule} for its
 * PID; the configuration guard applies it after the metatype checks and refuses an update that breaks it, the
 * same way (the last valid settings stay in force, one WARN names the problem).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.estuary.config;
