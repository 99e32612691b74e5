package dev.fluxbench.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every stack started from its app's AOT cache. A JVM that cannot map a cache says so on
 * its console and starts anyway, only slower: without this check, a change of flags or of
 * JDK would quietly make the suite slow again.
 */
@ContractSuite
@EnabledForJreRange(min = JRE.JAVA_25)
class AotCacheIT {

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void stackWhenStartedShouldHaveMappedItsAppsCache(Stack stack) throws IOException {
		assertThat(stack.app().jvmFlags()).as("the flags of %s", stack.app())
			.anySatisfy((flag) -> assertThat(flag).startsWith("-XX:AOTCache="));
		// The JVM reports a cache it cannot use on the aot log tag, at error level.
		assertThat(Files.readAllLines(this.stacks.service(stack).logFile(), StandardCharsets.ISO_8859_1))
			.as("the console of %s on %s", stack, this.stacks.database())
			.noneMatch((line) -> line.contains("[error][aot"));
	}

}
