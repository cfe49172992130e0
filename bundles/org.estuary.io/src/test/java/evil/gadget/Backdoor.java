package evil.gadget;

/** A proxy interface outside every allowlist. */
public interface Backdoor {
    void open();
}
