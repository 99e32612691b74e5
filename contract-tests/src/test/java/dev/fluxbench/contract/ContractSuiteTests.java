package dev.fluxbench.contract;

import java.lang.reflect.Method;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suites' runs on different databases go side by side, and each test method must say
 * that its own runs do not ({@link ContractSuite}): one that forgot would run beside its
 * class's other tests, on the same stacks, and read their requests in its metrics.
 */
class ContractSuiteTests {

	@Test
	void everyTestOfAContractSuiteShouldRunAfterTheOthersOfItsRun() {
		List<Class<?>> suites = ReflectionSupport.findAllClassesInPackage(getClass().getPackageName(),
				(type) -> AnnotationSupport.isAnnotated(type, ContractSuite.class), (name) -> true);
		assertThat(suites).as("the suites found").hasSizeGreaterThanOrEqualTo(10);
		List<Method> tests = suites.stream()
			.flatMap((suite) -> ReflectionSupport
				.findMethods(suite,
						(method) -> AnnotationSupport.isAnnotated(method, Test.class)
								|| AnnotationSupport.isAnnotated(method, TestTemplate.class),
						HierarchyTraversalMode.TOP_DOWN)
				.stream())
			.toList();
		assertThat(tests).isNotEmpty()
			.allSatisfy(
					(test) -> assertThat(AnnotationSupport.findAnnotation(test, Execution.class).map(Execution::value))
						.as("the execution mode of %s.%s", test.getDeclaringClass().getSimpleName(), test.getName())
						.contains(ExecutionMode.SAME_THREAD));
	}

}
