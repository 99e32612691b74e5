package dev.fluxbench.app.system;

/**
 * The settings both stacks share, as this app binds them: the checks are the same in
 * every app, in apps/common's {@link AbstractSharedDefaultsTests}.
 */
class SharedDefaultsTests extends AbstractSharedDefaultsTests {

}
