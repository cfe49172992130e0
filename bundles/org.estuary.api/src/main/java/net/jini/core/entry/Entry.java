package net.jini.core.entry;

import java.io.Serializable;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Marker for attribute objects matched by template in lookup services and spaces. Users define their own entry
 * classes (public, with public non-primitive fields and a public no-arg constructor), hence the consumer role.
 */
@ConsumerType
public interface Entry extends Serializable {
}
