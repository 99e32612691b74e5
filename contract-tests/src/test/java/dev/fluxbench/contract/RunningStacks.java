package dev.fluxbench.contract;

import java.util.stream.Stream;

import dev.fluxbench.launcher.RunningService;
import dev.fluxbench.ldap.EmbeddedDirectory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * Provides the {@link Stacks} of every reachable database. They live in the root store,
 * so that all test classes share one start of each stack (a start costs seconds, a test
 * milliseconds), and JUnit closes them when the whole run is over.
 */
final class RunningStacks implements ArgumentsProvider {

	private static final Namespace NAMESPACE = Namespace.create(RunningStacks.class);

	@Override
	public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
		Store store = context.getRoot().getStore(NAMESPACE);
		return Database.reachable().map((database) -> Arguments.of(stacks(store, database)));
	}

	/**
	 * Starts a database's stacks, or waits for the suite that starts them, as a managed
	 * wait: meanwhile, the tests on the databases whose stacks are up go on.
	 */
	private static Stacks stacks(Store store, Database database) {
		return ManagedWait.call("start the stacks on " + database, () -> start(store, database));
	}

	private static Stacks start(Store store, Database database) {
		App.prepareAll();
		RunningService downstream = store.computeIfAbsent("downstream", (key) -> Stacks.startDownstream(),
				RunningService.class);
		EmbeddedDirectory directory = store.computeIfAbsent("directory", (key) -> EmbeddedDirectory.start(),
				EmbeddedDirectory.class);
		return store.computeIfAbsent(database, (key) -> Stacks.start(database, downstream, directory), Stacks.class);
	}

}
