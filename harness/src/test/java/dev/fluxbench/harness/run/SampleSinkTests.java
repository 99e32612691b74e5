package dev.fluxbench.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.fluxbench.harness.results.Sample;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SampleSinkTests {

	@Test
	void sampleShouldCarryTheTimeOfTheSamplerCallThatMadeIt() {
		List<Sample> samples = new ArrayList<>();
		SampleSink sink = SampleSink.to(samples::add, Map.of("list", 200), new SampleSink.Progress());
		try {
			SampleSink.Element element = (SampleSink.Element) sink.buildTestElement();
			element.sampleStarting(null);
			element.sampleEnded(null);
			element.sampleOccurred(new SampleEvent(result("list"), "load"));
			assertThat(samples).singleElement()
				.satisfies((sample) -> assertThat(sample.samplerTime())
					.hasValueSatisfying((time) -> assertThat(time).isGreaterThanOrEqualTo(java.time.Duration.ZERO)));
		}
		finally {
			sink.close();
		}
	}

	@Test
	void resultWhenNoSamplerCallPrecededItShouldHaveNoSamplerTime() {
		// A transaction's result, made of its samplers' results, follows their calls.
		List<Sample> samples = new ArrayList<>();
		SampleSink sink = SampleSink.to(samples::add, Map.of("list", 200), new SampleSink.Progress());
		try {
			SampleSink.Element element = (SampleSink.Element) sink.buildTestElement();
			element.sampleStarting(null);
			element.sampleEnded(null);
			element.sampleOccurred(new SampleEvent(result("list"), "load"));
			element.sampleOccurred(new SampleEvent(result("list"), "load"));
			element.sampleStarting(null);
			element.sampleOccurred(new SampleEvent(result("list"), "load"));
			assertThat(samples).extracting((sample) -> sample.samplerTime().isPresent())
				.containsExactly(true, false, false);
		}
		finally {
			sink.close();
		}
	}

	private static SampleResult result(String label) {
		SampleResult result = new SampleResult();
		result.setSampleLabel(label);
		result.setResponseCode("200");
		result.setSuccessful(true);
		return result;
	}

}
