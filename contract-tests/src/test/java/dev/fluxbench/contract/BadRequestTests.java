package dev.fluxbench.contract;

import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BadRequestTests {

	@Test
	void catalogueShouldHoldAtLeast25DistinctlyNamedCases() {
		assertThat(BadRequest.CATALOGUE).hasSizeGreaterThanOrEqualTo(25)
			.extracting(BadRequest::name)
			.doesNotHaveDuplicates();
	}

	@Test
	void casesShouldNameFieldsExactlyWhenTheyExpectInvalidFields() {
		assertThat(BadRequest.CATALOGUE).allSatisfy((bad) -> assertThat(bad.fields().isEmpty()).as(bad.name())
			.isEqualTo(bad.expected() != ProblemType.INVALID_FIELDS));
	}

}
